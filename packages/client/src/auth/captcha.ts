import { isApiError } from '../errors/api-error.js'

/**
 * The codes with which the platform says a sign-in needs a captcha: none was sent (`-19971`, which
 * `OAuthStrategy`'s `login`/`register` report as `missingCaptchaToken`) or a bad one (`-19970`,
 * `invalidCaptchaToken`).
 */
export const CAPTCHA_ERROR_CODES: ReadonlySet<string> = new Set([
  'missingCaptchaToken',
  'invalidCaptchaToken',
  '-19971',
  '-19970',
])

/**
 * Whether a failed sign-in asks for a captcha: a `FAILURE` result of `login`/`register` (its
 * `errorCode`), or an error a call threw (an `ApiError`'s `code`).
 *
 * @example
 * const result = await client.auth.login({ email, password })
 * if (result.loginState === 'FAILURE' && needsCaptcha(result)) showCaptcha()
 */
export function needsCaptcha(failure: unknown): boolean {
  const code = isApiError(failure)
    ? failure.code
    : (failure as { errorCode?: unknown } | null | undefined)?.errorCode
  return CAPTCHA_ERROR_CODES.has(String(code))
}
