import type { FastifyRequest } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { isUniqueViolation } from '../../db/errors.js'

/** What the identity services get: the platform's context and the caller's OAuth client. */
export interface IdentityContext extends PlatformContext {
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
