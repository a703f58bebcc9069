import { useResetPassword } from '@vitrine/react'
import type { FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorNotice, Notice } from '../components/notice'
import { AuthCard } from './auth-card'
import { NewPasswordField, SubmitButton } from './auth-form'
import { PageError } from '../layout/page-error'
import { scriptNeeded } from './script-needed'
import { staticMeta } from '../lib/head'
import { personal } from '../server/cache-headers.server'

export const meta = staticMeta({
  title: 'Choose a new password · Vitrine',
  path: '/reset-password',
  noindex: true,
})
export const headers = personal
export const ErrorBoundary = PageError
export const action = scriptNeeded

/** `/reset-password?recoveryToken=…`: where the reset e-mail leads; sets a new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const recoveryToken = params.get('recoveryToken')
  const reset = useResetPassword()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    if (recoveryToken) reset.mutate({ recoveryToken, password })
  }

  if (!recoveryToken)
    return (
      <AuthCard
        title="This link is incomplete"
        lead="Open the link from the e-mail again, or ask for a new one."
      >
        <Link className="button button--primary button--large" to="/forgot-password">
          Send a new link
        </Link>
      </AuthCard>
    )

  if (reset.isSuccess)
    return (
      <AuthCard title="Password changed">
        <Notice tone="success">Your new password is set. Log in with it from now on.</Notice>
        <Link className="button button--primary button--large" to="/login">
          Log in
        </Link>
      </AuthCard>
    )

  return (
    <AuthCard title="Choose a new password">
      <form method="post" className="form" onSubmit={submit}>
        <ErrorNotice error={reset.error} />
        <NewPasswordField autoFocus />
        <SubmitButton pending={reset.isPending}>Set new password</SubmitButton>
      </form>
    </AuthCard>
  )
}
