import type { FastifyRequest } from 'fastify'
import type { PlatformContext } from '../../context.js'
import type { CaptchaVerifier } from './captcha.js'

/** What the identity services get: the platform's context and the captcha verifier in use. */
export interface IdentityContext extends PlatformContext {
  readonly captcha: CaptchaVerifier
  /**
   * The OAuth client the call is made for (its access token's), if known: the session tokens it
   * issues are bound to it, so no other client can spend them. See {@link forCaller}.
   */
  readonly clientId?: string | null
}

/** `ctx` for the call of `request`: session tokens bound to its access token's OAuth client. */
export const forCaller = (ctx: IdentityContext, request: FastifyRequest): IdentityContext => ({
  ...ctx,
  clientId: request.identity?.clientId ?? null,
})

/** A unique-key violation, on either engine (e.g. two registrations of one e-mail at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

/**
 * Runs `run` (a transaction that finds or creates a member) again once if it failed on a unique
 * key: two first sign-ins of one account at once, the second finds what the first created.
 */
export async function againOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) return run()
    throw error
  }
}
