import { Component, type ReactNode } from 'react'
import { ErrorState } from '../components/status'

/**
 * Catches what a page throws while rendering (a failed chunk load included) and shows it in words
 * with a retry, instead of a blank shop. `resetKey` (the location) clears it on navigation.
 */
export class PageErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: undefined as unknown, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string },
  ) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey }
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <div className="container">
        <ErrorState
          error={this.state.error}
          title="This page could not be shown"
          retry={() => window.location.reload()}
        />
      </div>
    )
  }
}
