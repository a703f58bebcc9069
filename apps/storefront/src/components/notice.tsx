import type { ReactNode } from 'react'
import { describeError } from '@vitrine/react'

/** A short message in a box: an error (announced at once) or a success (announced politely). */
export function Notice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** An error in words a person understands, when there is one. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null
  return <Notice tone="error">{describeError(error)}</Notice>
}
