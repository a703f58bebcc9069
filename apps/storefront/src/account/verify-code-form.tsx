import { describeError, useVerifyEmail } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Field } from '../components/field'
import { Notice } from '../components/notice'
import { DevMailboxHint } from './auth-card'
import { SubmitButton } from './auth-form'

/**
 * The e-mailed code step of a registration or login: six digits, then the member is logged in
 * (`onSuccess`).
 */
export function VerifyCodeForm({ email, onSuccess }: { email: string; onSuccess: () => void }) {
  const verify = useVerifyEmail()
  const [problem, setProblem] = useState<string>()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '')
    setProblem(undefined)
    try {
      const result = await verify.mutateAsync({ code })
      if (result.loginState === 'SUCCESS') onSuccess()
      else setProblem(describeError(result))
    } catch (error) {
      setProblem(describeError(error))
    }
  }

  return (
    <form method="post" className="form" onSubmit={submit} noValidate>
      <Notice tone="success">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to confirm your e-mail.
      </Notice>
      <Field
        label="Verification code"
        name="code"
        className="input--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        autoFocus
        error={problem}
      />
      <SubmitButton pending={verify.isPending}>Confirm e-mail</SubmitButton>
      <DevMailboxHint />
    </form>
  )
}
