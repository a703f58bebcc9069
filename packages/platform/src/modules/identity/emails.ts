import { PlatformError } from '../../http/platform-error.js'

/** The longest e-mail address (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/

/** Whether `email` looks like a deliverable address (one `@`, a dotted domain, no spaces). */
export const isValidEmail = (email: string): boolean =>
  email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email)

/** The key an e-mail is unique and looked up by: trimmed and lower-cased. */
export const emailKey = (email: string): string => email.trim().toLowerCase()

/**
 * `email` trimmed, or the provider's `EMAIL` field violation on `field` (the client reads
 * `data.type === 'EMAIL'` as `invalidEmail`).
 *
 * @example
 * const email = requireEmail('loginId.email', body.loginId.email)
 */
export function requireEmail(field: string, email: unknown): string {
  const value = typeof email === 'string' ? email.trim() : ''
  if (!isValidEmail(value))
    throw PlatformError.invalid(field, 'must be a valid e-mail address', 'FORMAT', {
      type: 'EMAIL',
    })
  return value
}
