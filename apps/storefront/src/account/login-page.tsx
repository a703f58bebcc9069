import { useLogin, useMember } from '@vitrine/react'
import type { FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { Field } from '../components/field'
import { Notice } from '../components/notice'
import { AuthCard, useReturnTo } from './auth-card'
import { SubmitButton } from './auth-form'
import { CaptchaNotice, HostedSignIn } from './hosted-sign-in'
import { useSignIn } from './sign-in-flow'
import { PageError } from '../layout/page-error'
import { scriptNeeded } from './script-needed'
import { staticMeta } from '../lib/head'
import { cacheable } from '../server/cache-headers.server'

export const meta = staticMeta({ title: 'Log in · Vitrine', path: '/login' })
export const headers = cacheable
export const ErrorBoundary = PageError
export const action = scriptNeeded

const HOSTED_LOGIN = 'Continue with hosted login'

/**
 * `/login`: the shop's own form (direct login, then member tokens through the hidden frame), the
 * e-mail code when the account still needs it, or the hosted login page.
 */
export default function LoginPage() {
  const member = useMember()
  const login = useLogin()
  const returnTo = useReturnTo()
  const { problem, setProblem, captcha, attempt, codeCard } = useSignIn()

  if (member.status === 'member') return <Navigate to={returnTo} replace />

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    await attempt(email, () => login.mutateAsync({ email, password }))
  }

  if (codeCard) return codeCard

  return (
    <AuthCard
      title="Welcome back"
      lead="Log in to see your account and keep your cart on every device."
    >
      <form method="post" className="form" onSubmit={submit}>
        {captcha ? (
          <CaptchaNotice what="sign-in" then="signs you in" />
        ) : (
          problem && <Notice tone="error">{problem}</Notice>
        )}
        <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="auth__links">
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
        <SubmitButton pending={login.isPending}>Log in</SubmitButton>
      </form>
      <p className="auth__divider">or</p>
      <HostedSignIn
        returnTo={returnTo}
        captcha={captcha}
        label={HOSTED_LOGIN}
        onProblem={setProblem}
      />
      <p className="auth__footer">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </AuthCard>
  )
}
