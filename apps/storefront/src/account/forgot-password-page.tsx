import { useSendPasswordReset } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Field } from '../components/field'
import { ErrorNotice, Notice } from '../components/notice'
import { AuthCard, DevMailboxHint } from './auth-card'
import { SubmitButton } from './auth-form'
import { PageError } from '../layout/page-error'
import { scriptNeeded } from './script-needed'
import { staticMeta } from '../lib/head'
import { cacheable } from '../server/cache-headers.server'

export const meta = staticMeta({ title: 'Reset your password · Vitrine', path: '/forgot-password' })
export const headers = cacheable
export const ErrorBoundary = PageError
export const action = scriptNeeded

/** `/forgot-password`: mails a link to `/reset-password`, without telling who has an account. */
export default function ForgotPasswordPage() {
  const send = useSendPasswordReset()
  const [sentTo, setSentTo] = useState<string>()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    send.mutate(
      { email, redirectUrl: `${window.location.origin}/reset-password` },
      { onSuccess: () => setSentTo(email) },
    )
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the e-mail you shop with and we’ll send you a link to choose a new password."
    >
      {sentTo ? (
        <>
          <Notice tone="success">
            If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It works
            for one hour.
          </Notice>
          <DevMailboxHint />
        </>
      ) : (
        <form method="post" className="form" onSubmit={submit}>
          <ErrorNotice error={send.error} />
          <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus />
          <SubmitButton pending={send.isPending}>Send reset link</SubmitButton>
        </form>
      )}
      <p className="auth__footer">
        Remembered it? <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  )
}
