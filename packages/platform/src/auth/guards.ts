import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { PlatformError } from '../http/platform-error.js'
import type { CallerIdentity } from './caller.js'
import { ELEVATED_TYPES } from './identities.js'

const MESSAGES = {
  missing: 'Missing Authorization header',
  unknown: 'Invalid access token or API key',
  expired: 'The access token has expired',
} as const

/**
 * The caller's identity (a visitor, member, site user, app or API key owner); a 401 in the
 * provider's format when the header is missing, unknown, revoked or expired.
 *
 * @example
 * app.get('/ecom/v1/carts/current', async (request) => {
 *   const identity = requireIdentity(request)
 *   return { cart: await currentCart(ctx, identity.id) }
 * })
 */
export function requireIdentity(request: FastifyRequest): CallerIdentity {
  if (request.identity) return request.identity
  throw PlatformError.unauthorized(MESSAGES[request.authFailure ?? 'unknown'])
}

/**
 * An elevated caller: the admin API key, or a site user (`WIX_USER`) or app (`APP`) identity.
 * 401 without a valid identity; 403 for a visitor or member.
 *
 * @example
 * app.post('/stores/v1/products', { schema }, async (request) => {
 *   requireElevated(request)
 *   return { product: await createProduct(ctx, request.body) }
 * })
 */
export function requireElevated(request: FastifyRequest): CallerIdentity {
  if (request.apiKey) return request.apiKey
  const identity = requireIdentity(request)
  if (isElevated(request)) return identity
  throw PlatformError.forbidden(
    'This call needs an elevated client: an API key, or a site user or app identity',
  )
}

/** Whether the request is an elevated caller's (see {@link requireElevated}); never throws. */
export function isElevated(request: FastifyRequest): boolean {
  return !!request.apiKey || (!!request.identity && ELEVATED_TYPES.has(request.identity.type))
}

/**
 * Hooks for a route's `onRequest`, to check the caller before the body is even parsed (a 401/403
 * then wins over a 400).
 *
 * @example
 * app.post('/stores/v1/products', { onRequest: guard.elevated, schema }, handler)
 */
export const guard = {
  identity: hook(requireIdentity),
  elevated: hook(requireElevated),
}

/** A callback-style hook (no promise per request) that runs `check` and fails with its error. */
function hook(check: (request: FastifyRequest) => unknown) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    try {
      check(request)
    } catch (error) {
      return done(error as Error)
    }
    done()
  }
}
