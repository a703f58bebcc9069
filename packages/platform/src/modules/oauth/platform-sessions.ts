import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { findSecret, issueSecret, revokeSecrets, secretHash } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import { setCookie } from '../../http/cookies.js'

/** The cookie of the platform session. */
export const SESSION_COOKIE = 'vitrine_session'
/** How long a platform session lasts: 7 days. */
export const PLATFORM_SESSION_TTL_SECONDS = 7 * 24 * 3600

/**
 * Starts a platform session for member `identityId` (stored hashed) and returns the cookie value.
 * Run it in the transaction of the login it follows.
 */
export async function startPlatformSession(
  db: Kysely<Schema>,
  identityId: string,
): Promise<string> {
  const options = { ttlSeconds: PLATFORM_SESSION_TTL_SECONDS }
  return (await issueSecret(db, 'platform_sessions', { identity_id: identityId }, options)).value
}

/**
 * The member of the platform session whose cookie value is `value`: `undefined` when unknown,
 * expired, revoked, or its member is not active (pending, blocked, deleted).
 */
export async function platformSessionMember(
  db: Kysely<Schema>,
  value: string | undefined,
): Promise<string | undefined> {
  const session = value && (await findSecret(db, 'platform_sessions', secretHash(value)))
  if (!session) return undefined
  const member = await db
    .selectFrom('members')
    .select('status')
    .where('identity_id', '=', session.identity_id)
    .executeTakeFirst()
  return member?.status === 'ACTIVE' ? session.identity_id : undefined
}

/** Revokes every platform session of member `identityId`. */
export const revokePlatformSessions = (db: Kysely<Schema>, identityId: string): Promise<void> =>
  revokeSecrets(db, 'platform_sessions', 'identity_id', identityId)

/** The platform session cookie's value of `request`, if any. */
export const sessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE]

/**
 * Sets the platform session cookie to `value`. It is a cross-site cookie (`SameSite=None;
 * Secure` on https and loopback hosts): the platform lives on its own site, and the storefront
 * frames its authorize page for a silent `prompt=none`, as the provider's own session cookie is
 * used. A browser that blocks third-party cookies still leaves it out of such a frame (the answer
 * is then `login_required`); the session token path of a direct login needs no cookie.
 */
export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, value: string) =>
  setCookie(request, reply, SESSION_COOKIE, value, PLATFORM_SESSION_TTL_SECONDS, {
    crossSite: true,
  })

/** Deletes the platform session cookie. */
export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  setCookie(request, reply, SESSION_COOKIE, '', 0, { crossSite: true })
