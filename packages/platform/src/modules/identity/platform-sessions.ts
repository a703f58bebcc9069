/*
 * Platform sessions: the hosted sign-in's own session, whose value oauth keeps in a cookie so that
 * a later `prompt=none` signs the member in silently. Started with a sign-in, ended only with
 * every other session of the member (`signOutEverywhere`, sessions.ts).
 */
import type { Kysely } from 'kysely'
import { findSecret, issueSecret, revokeSecrets, secretHash } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import type { Tx } from '../../db/transaction.js'
import { memberMayEnter } from './members.js'

/** How long a platform session lasts: 7 days. */
export const PLATFORM_SESSION_TTL_SECONDS = 7 * 24 * 3600

/**
 * Starts a platform session for member `identityId` (stored hashed) and returns the cookie value.
 * Run it in the transaction of the sign-in it follows.
 */
export async function startPlatformSession(trx: Tx, identityId: string): Promise<string> {
  const options = { ttlSeconds: PLATFORM_SESSION_TTL_SECONDS }
  return (await issueSecret(trx, 'platform_sessions', { identity_id: identityId }, options)).value
}

/**
 * The member of the platform session whose cookie value is `value`, while the session is live
 * (not expired, not revoked) and its member may sign in (`memberMayEnter`, which locks the
 * member's row for the rest of `trx`); else `undefined`.
 */
export async function platformSessionMember(
  trx: Tx,
  value: string | undefined,
): Promise<string | undefined> {
  const session = value ? await findSecret(trx, 'platform_sessions', secretHash(value)) : undefined
  return session && (await memberMayEnter(trx, session.identity_id))
    ? session.identity_id
    : undefined
}

/** Revokes every platform session of member `identityId`: part of `signOutEverywhere`. */
export const revokePlatformSessions = (db: Kysely<Schema>, identityId: string): Promise<void> =>
  revokeSecrets(db, 'platform_sessions', 'identity_id', identityId)
