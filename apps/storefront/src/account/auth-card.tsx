import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useShopConfig } from '../lib/shop-config'
import { ScriptNeededNotice } from './script-needed'

/** A centred card of the sign-in pages: a title, a line under it and the form. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="container auth">
      <div className="auth__card">
        <header className="auth__header">
          <h1>{title}</h1>
          {lead && <p>{lead}</p>}
        </header>
        <ScriptNeededNotice />
        {children}
      </div>
    </div>
  )
}

/** Where to go once signed in: the page that sent the visitor here, else the account. */
export function useReturnTo(): string {
  const state = useLocation().state as { from?: unknown } | null
  return typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : '/account'
}

/** The local platform's dev mailbox, when the shop runs against it (no e-mail is really sent). */
export function DevMailboxHint() {
  const { platformUrl } = useShopConfig()
  if (!/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(platformUrl)) return null
  return (
    <p className="field__hint">
      Running locally? E-mails land in the{' '}
      <a href={`${platformUrl}/_vitrine/mailbox`} target="_blank" rel="noreferrer">
        dev mailbox
      </a>
      .
    </p>
  )
}
