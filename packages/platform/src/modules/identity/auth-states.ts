import type { Kysely } from 'kysely'
import {
  consumeSecret,
  findSecret,
  issueSecret,
  secretHash,
  type SecretRow,
} from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import type { AuthStatePurpose } from './tables.js'

/** A row of `auth_states`. */
export type AuthState = SecretRow<'auth_states'>

/** How long a state token continues its flow: an hour to verify, a week to be approved. */
const TTL_SECONDS: Record<AuthStatePurpose, number> = {
  EMAIL_VERIFICATION: 60 * 60,
  OWNER_APPROVAL: 7 * 24 * 60 * 60,
}

/** A state token with what its row says. */
export interface IssuedState {
  token: string
  state: Pick<AuthState, 'id' | 'purpose'>
}

/** A new state token of `purpose` for member `identityId` (stored hashed). */
export async function createState(
  db: Kysely<Schema>,
  identityId: string,
  purpose: AuthStatePurpose,
): Promise<IssuedState> {
  const binding = { identity_id: identityId, purpose }
  const { id, value } = await issueSecret(db, 'auth_states', binding, {
    ttlSeconds: TTL_SECONDS[purpose],
  })
  return { token: value, state: { id, purpose } }
}

/** The open (not finished, not expired) state of `token`, if any. */
export const findState = (db: Kysely<Schema>, token: string): Promise<AuthState | undefined> =>
  findSecret(db, 'auth_states', secretHash(token))

/** Closes the state of `token`: it no longer continues anything. */
export async function finishState(db: Kysely<Schema>, token: string): Promise<void> {
  await consumeSecret(db, 'auth_states', secretHash(token))
}
