import { isApiError, type ApiError, type LoginErrorCode, type LoginResult } from '@vitrine/client'

/** "30 seconds", "1 minute", "15 minutes". */
function duration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

const tooMany = (seconds?: number) =>
  seconds
    ? `Too many attempts. Try again in ${duration(seconds)}.`
    : 'Too many attempts. Try again in a few minutes.'

const OFFLINE = 'You seem to be offline. Check your connection and try again.'
const UNREACHABLE = 'The shop cannot be reached right now. Check your connection and try again.'
const SLOW = 'The shop took too long to answer. Please try again.'

/** Login and registration failures, by the code the auth strategy reports (and the wire's). */
const LOGIN: Record<LoginErrorCode | '-19976' | '-19995' | '-19973' | '-19971' | '-19970', string> =
  {
    invalidEmail: 'Enter a valid e-mail address.',
    invalidPassword: 'The e-mail or the password is incorrect.',
    emailAlreadyExists: 'An account with this e-mail already exists. Log in instead.',
    resetPassword: 'This account has no password yet. Reset your password to set one.',
    missingCaptchaToken: 'Please confirm that you are not a robot.',
    invalidCaptchaToken: 'The robot check expired. Please try again.',
    '-19976': 'The e-mail or the password is incorrect.',
    '-19995': 'An account with this e-mail already exists. Log in instead.',
    '-19973': 'This account has no password yet. Reset your password to set one.',
    '-19971': 'Please confirm that you are not a robot.',
    '-19970': 'The robot check expired. Please try again.',
  }

/** Application errors, by code: what the shopper or merchant can do about them. */
const APPLICATION: Record<string, string | ((data: Record<string, unknown>) => string)> = {
  INVALID_VERIFICATION_CODE: (data) =>
    typeof data.attemptsLeft === 'number'
      ? `That code is not correct. ${data.attemptsLeft === 1 ? '1 attempt' : `${data.attemptsLeft} attempts`} left.`
      : 'That code is not correct.',
  VERIFICATION_CODE_EXPIRED: 'That code is no longer valid. Ask for a new one.',
  INVALID_STATE_TOKEN: 'This sign-in took too long. Please start again.',
  INVALID_RECOVERY_TOKEN: 'This password reset link is invalid or has expired. Ask for a new one.',
  MEMBER_BLOCKED: 'This account is blocked. Contact the shop for help.',
  MEMBER_NOT_FOUND: 'This account no longer exists.',
  OWNED_CART_NOT_FOUND: 'Your cart is empty.',
  EMPTY_CART: 'Your cart is empty.',
  LINE_ITEM_NOT_FOUND: 'That item is no longer in your cart.',
  PRODUCT_NOT_FOUND: 'This product is no longer available.',
  VARIANT_NOT_FOUND: 'This combination of options is not available.',
  OPTIONS_REQUIRED: 'Choose the product’s options first.',
  ITEM_OUT_OF_STOCK: 'Sorry, this item is out of stock.',
  ITEM_NOT_AVAILABLE: 'Sorry, this item is not available.',
  CART_CONFLICT: 'Your cart changed in another window. Please try again.',
  COUPON_DOES_NOT_EXIST: (data) => `The coupon ${quoted(data.couponCode)}does not exist.`,
  COUPON_IS_DISABLED: (data) => `The coupon ${quoted(data.couponCode)}is no longer active.`,
  COUPON_HAS_EXPIRED: (data) => `The coupon ${quoted(data.couponCode)}has expired.`,
  RESOURCE_EXHAUSTED: (data) =>
    tooMany(typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined),
}

const quoted = (value: unknown) => (typeof value === 'string' && value ? `“${value}” ` : '')

/** `lineItems[0].quantity` → `quantity`. */
const fieldName = (field: string) =>
  field
    .split('.')
    .pop()!
    .replace(/\[\d+\]$/, '')

function describeApiError(error: ApiError): string {
  const data = (error.data && typeof error.data === 'object' ? error.data : {}) as Record<
    string,
    unknown
  >
  const known = APPLICATION[error.code] ?? LOGIN[error.code as keyof typeof LOGIN]
  if (known) return typeof known === 'function' ? known(data) : known
  switch (error.kind) {
    case 'validation': {
      const problems = (error.fieldViolations ?? []).map(
        (violation) => `${fieldName(violation.field)} ${violation.description}`,
      )
      return problems.length
        ? `Please check what you entered: ${problems.join('; ')}.`
        : 'Please check what you entered.'
    }
    case 'application':
      // The platform's descriptions are written for people (e.g. a coupon's minimum subtotal).
      return error.description || error.message
    case 'client':
      if (error.status === 401) return 'Your session has ended. Please log in again.'
      if (error.status === 403) return 'You are not allowed to do that.'
      if (error.status === 404) return 'We could not find what you were looking for.'
      if (error.status === 409) return 'This was changed meanwhile. Refresh and try again.'
      if (error.status === 429) return tooMany(error.retryAfter)
      return error.message
    case 'system':
      if (error.status === 0) return offline() ? OFFLINE : UNREACHABLE
      return `Something went wrong on our side. Please try again in a moment.${error.requestId ? ` (Reference: ${error.requestId})` : ''}`
  }
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The failure of a login, registration or verification that the auth strategy returned. */
function describeLoginFailure(result: LoginResult): string {
  if (result.errorCode === 'invalidEmail' || !result.errorCode) {
    // The strategy files failures it has no code for (rate limits, bad codes) under its message.
    const text = result.error ?? ''
    const wait = /try again in (\d+) seconds/i.exec(text)
    if (wait || /too many attempts/i.test(text)) return tooMany(wait ? Number(wait[1]) : undefined)
    if (/System error/.test(text)) return offline() ? OFFLINE : UNREACHABLE
    if (result.errorCode) return LOGIN.invalidEmail
    return text.replace(/^[A-Z_]+: /, '') || 'That did not work. Please try again.'
  }
  return LOGIN[result.errorCode]
}

const isLoginResult = (value: unknown): value is LoginResult =>
  typeof value === 'object' && value !== null && 'loginState' in value

/**
 * Words a person understands for any failure: an `ApiError` (validation, application codes such as
 * a wrong password, an existing e-mail, an invalid code, a rate limit with its wait, not found), a
 * network failure (offline, unreachable, timed out), a failed `LoginResult` or its `errorCode`.
 *
 * @example
 * {mutation.error && <p role="alert">{describeError(mutation.error)}</p>}
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) return describeApiError(error)
  if (isLoginResult(error)) return describeLoginFailure(error)
  if (typeof error === 'string' && error in LOGIN) return LOGIN[error as keyof typeof LOGIN]
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return SLOW
    if (error.name === 'AbortError') return 'The request was cancelled.'
    if (error.name === 'ElevatedClientRequiredError')
      return 'This needs the shop’s admin key. Sign in to the console again.'
    if (error.message === 'OAuth flow timed out')
      return 'Signing in took too long. Please try again.'
    if (error.message === 'Failed to get member tokens')
      return 'We could not finish signing you in. Please try again.'
    if (error instanceof TypeError && /fetch|network/i.test(error.message))
      return offline() ? OFFLINE : UNREACHABLE
    return error.message || 'Something went wrong. Please try again.'
  }
  return 'Something went wrong. Please try again.'
}
