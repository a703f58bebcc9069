import { RateLimitedError } from '../../auth/rate-limit.js'
import { PlatformError } from '../../http/platform-error.js'
import { IDENTITY_CODES, PASSWORD_RULES } from '../identity/index.js'

/** The password rules, for people: the hint under a new password. */
export const PASSWORD_HINT = `${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters.`

/** A failure of a hosted form, for people: the status to answer and what to say. */
export interface HumanError {
  status: number
  message: string
  retryAfterSeconds?: number
  /** The flow cannot go on (its state token is dead): back to the sign-in form. */
  restart?: boolean
  /** The form must ask a captcha question next time. */
  captcha?: boolean
}

const MESSAGES: Record<string, string> = {
  [IDENTITY_CODES.invalidPassword]: 'The e-mail or the password is incorrect.',
  [IDENTITY_CODES.resetPassword]:
    'This account has no password yet. Use "Forgot your password?" below to set one.',
  [IDENTITY_CODES.emailAlreadyExists]:
    'An account with this e-mail already exists. Sign in instead, or reset the password.',
  [IDENTITY_CODES.missingCaptchaToken]:
    'Please answer the question below, to show you are a person, and enter your password again.',
  [IDENTITY_CODES.invalidCaptchaToken]:
    'That answer was not right. Please answer the new question and enter your password again.',
  INVALID_STATE_TOKEN: 'This verification has expired. Please sign in again.',
  VERIFICATION_CODE_EXPIRED: 'This code is no longer valid. Send a new code and try again.',
}

/**
 * The human message of an identity service's error (the same error codes as the API), or
 * `undefined` for an error that is not the shopper's (then it is rethrown).
 */
export function humanError(error: unknown): HumanError | undefined {
  if (error instanceof RateLimitedError)
    return {
      status: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(error.retryAfterSeconds / 60)} minute(s).`,
      retryAfterSeconds: error.retryAfterSeconds,
    }
  if (!(error instanceof PlatformError)) return undefined
  const code = error.applicationError?.code
  if (code === 'INVALID_VERIFICATION_CODE') {
    const left = Number(error.applicationError?.data.attemptsLeft)
    return {
      status: error.status,
      message: `That code is not correct.${Number.isFinite(left) ? ` ${left} attempt(s) left.` : ''}`,
    }
  }
  if (code === 'INVALID_STATE_TOKEN')
    return { status: error.status, message: MESSAGES[code]!, restart: true }
  const captcha =
    code === IDENTITY_CODES.missingCaptchaToken || code === IDENTITY_CODES.invalidCaptchaToken
  if (code && MESSAGES[code]) return { status: error.status, message: MESSAGES[code], captcha }
  if (error.fieldViolations?.some((violation) => violation.field === 'password'))
    return { status: 400, message: `Choose a password of ${PASSWORD_HINT}` }
  if (error.fieldViolations?.length)
    return { status: 400, message: 'Enter a valid e-mail address.' }
  return undefined
}
