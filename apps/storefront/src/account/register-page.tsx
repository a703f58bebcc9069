import { useMember, useRegister } from '@vitrine/react'
import type { FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { Field } from '../components/field'
import { Notice } from '../components/notice'
import { AuthCard, useReturnTo } from './auth-card'
import { NewPasswordField, SubmitButton } from './auth-form'
import { CaptchaNotice, HostedSignIn } from './hosted-sign-in'
import { useSignIn } from './sign-in-flow'
import { PageError } from '../layout/page-error'
import { scriptNeeded } from './script-needed'
import { staticMeta } from '../lib/head'
import { cacheable } from '../server/cache-headers.server'

export const meta = staticMeta({ title: 'Create your account · Vitrine', path: '/register' })
export const headers = cacheable
export const ErrorBoundary = PageError
export const action = scriptNeeded

const HOSTED_SIGN_UP = 'Continue with hosted sign-up'

/** `/register`: name, e-mail and password, then the code mailed to confirm the e-mail. */
export default function RegisterPage() {
  const member = useMember()
  const register = useRegister()
  const returnTo = useReturnTo()
  const { problem, setProblem, captcha, attempt, codeCard } = useSignIn()

  if (member.status === 'member') return <Navigate to={returnTo} replace />

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const email = text('email')
    await attempt(email, () =>
      register.mutateAsync({
        email,
        password: String(form.get('password') ?? ''),
        profile: {
          ...(text('firstName') && { firstName: text('firstName') }),
          ...(text('lastName') && { lastName: text('lastName') }),
        },
      }),
    )
  }

  if (codeCard) return codeCard

  return (
    <AuthCard
      title="Create your account"
      lead="Members keep their cart on every device and check out faster."
    >
      <form method="post" className="form" onSubmit={submit}>
        {captcha ? (
          <CaptchaNotice what="registration" then="creates your account" />
        ) : (
          problem && <Notice tone="error">{problem}</Notice>
        )}
        <div className="form__row">
          <Field label="First name" name="firstName" autoComplete="given-name" />
          <Field label="Last name" name="lastName" autoComplete="family-name" />
        </div>
        <Field label="E-mail" name="email" type="email" autoComplete="email" required />
        <NewPasswordField label="Password" />
        <SubmitButton pending={register.isPending}>Create account</SubmitButton>
      </form>
      {captcha && (
        <>
          <p className="auth__divider">or</p>
          <HostedSignIn returnTo={returnTo} captcha label={HOSTED_SIGN_UP} onProblem={setProblem} />
        </>
      )}
      <p className="auth__footer">
        Already a member? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  )
}
