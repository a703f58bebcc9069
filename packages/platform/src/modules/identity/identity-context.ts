import type { PlatformContext } from '../../context.js'
import type { CaptchaVerifier } from './captcha.js'

/** What the identity services get: the platform's context and the captcha verifier in use. */
export interface IdentityContext extends PlatformContext {
  readonly captcha: CaptchaVerifier
}

/** A unique-key violation, on either engine (e.g. two registrations of one e-mail at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}
