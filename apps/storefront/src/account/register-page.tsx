import { describeError, useMember, useRegister } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { Field } from '../components/field'
import { Notice } from '../components/notice'
import { Spinner } from '../components/status'
import { AuthCard, useReturnTo } from './auth-card'
import { VerifyCodeForm } from './verify-code-form'

/** The platform's shortest password. */
const MIN_PASSWORD = 6

/** `/register`: name, e-mail and password, then the code mailed to confirm the e-mail. */
export function RegisterPage() {
  const member = useMember()
  const register = useRegister()
  const returnTo = useReturnTo()
  const [problem, setProblem] = useState<string>()
  const [awaitingCode, setAwaitingCode] = useState<string>()

  if (member.status === 'member') return <Navigate to={returnTo} replace />

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const email = text('email')
    setProblem(undefined)
    try {
      const result = await register.mutateAsync({
        email,
        password: String(form.get('password') ?? ''),
        profile: {
          ...(text('firstName') && { firstName: text('firstName') }),
          ...(text('lastName') && { lastName: text('lastName') }),
        },
      })
      if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') setAwaitingCode(email)
      else if (result.loginState !== 'SUCCESS') setProblem(describeError(result))
    } catch (error) {
      setProblem(describeError(error))
    }
  }

  if (awaitingCode)
    return (
      <AuthCard title="Check your e-mail">
        <VerifyCodeForm email={awaitingCode} onSuccess={() => undefined} />
      </AuthCard>
    )

  return (
    <AuthCard
      title="Create your account"
      lead="Members keep their cart on every device and check out faster."
    >
      <form className="form" onSubmit={submit}>
        {problem && <Notice tone="error">{problem}</Notice>}
        <div className="form__row">
          <Field label="First name" name="firstName" autoComplete="given-name" />
          <Field label="Last name" name="lastName" autoComplete="family-name" />
        </div>
        <Field label="E-mail" name="email" type="email" autoComplete="email" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD}
          required
          hint={`At least ${MIN_PASSWORD} characters.`}
        />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={register.isPending}
        >
          {register.isPending && <Spinner />}
          Create account
        </button>
      </form>
      <p className="auth__footer">
        Already a member? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  )
}
