import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../db/schema.js'
import { secretHash } from './secrets.js'

/** The identity an API key acts for, if `value` is a live key. */
export function lookupApiKey(db: Kysely<Schema>, value: string): Promise<Identity | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('identities', 'identities.id', 'api_keys.identity_id')
    .selectAll('identities')
    .where('api_keys.token_hash', '=', secretHash(value))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
}

/** Makes `value` the API key called `name` (acting for `identityId`), replacing any previous one. */
export async function setApiKey(
  db: Kysely<Schema>,
  name: string,
  value: string,
  identityId: string,
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: randomUUID(),
      name,
      token_hash: secretHash(value),
      identity_id: identityId,
      created_date: new Date().toISOString(),
      expires_at: null,
      used_at: null,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ token_hash: secretHash(value), identity_id: identityId, revoked_at: null }),
    )
    .execute()
}
