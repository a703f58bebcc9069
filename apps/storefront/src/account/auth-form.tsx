import type { ReactNode } from 'react'
import { Field } from '../components/field'
import { Spinner } from '../components/status'

/** The platform's shortest password. */
const MIN_PASSWORD = 6

/** A box for a new password, with the platform's rule for it. */
export function NewPasswordField({
  label = 'New password',
  name = 'password',
  autoFocus,
}: {
  label?: string
  name?: string
  autoFocus?: boolean
}) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      minLength={MIN_PASSWORD}
      required
      autoFocus={autoFocus}
      hint={`At least ${MIN_PASSWORD} characters.`}
    />
  )
}

/** A form's submit button, with a spinner and disabled while its request runs. */
export function SubmitButton({
  pending,
  className = 'button button--primary button--large',
  children,
}: {
  pending: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending && <Spinner />}
      {children}
    </button>
  )
}
