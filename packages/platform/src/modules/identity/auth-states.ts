import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { newSecret, sha256 } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import type { AuthStatePurpose, AuthStatesTable } from './tables.js'

/** A row of `auth_states`. */
export type AuthState = Selectable<AuthStatesTable>

/** How long a state token continues its flow: an hour to verify, a week to be approved. */
const TTL_SECONDS: Record<AuthStatePurpose, number> = {
  EMAIL_VERIFICATION: 60 * 60,
  OWNER_APPROVAL: 7 * 24 * 60 * 60,
}

/** A state token with its row. */
export interface IssuedState {
  token: string
  state: AuthState
}

/** A new state token of `purpose` for member `identityId` (stored hashed). */
export async function createState(
  db: Kysely<Schema>,
  identityId: string,
  purpose: AuthStatePurpose,
): Promise<IssuedState> {
  const token = newSecret()
  const now = new Date()
  const state: AuthState = {
    id: randomUUID(),
    token_hash: sha256(token),
    identity_id: identityId,
    purpose,
    created_date: now.toISOString(),
    expires_at: new Date(now.getTime() + TTL_SECONDS[purpose] * 1000).toISOString(),
    finished_at: null,
  }
  await db.insertInto('auth_states').values(state).execute()
  return { token, state }
}

/** The open (not finished, not expired) state of `token`, if any. */
export function findState(db: Kysely<Schema>, token: string): Promise<AuthState | undefined> {
  return db
    .selectFrom('auth_states')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('finished_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst()
}

/** Closes state `id`: its token no longer continues anything. */
export async function finishState(db: Kysely<Schema>, id: string): Promise<void> {
  await db
    .updateTable('auth_states')
    .set({ finished_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .execute()
}
