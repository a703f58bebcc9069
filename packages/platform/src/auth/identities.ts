import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Identity, IdentityType, Schema } from '../db/schema.js'

/** The site owner (a `WIX_USER`, created by the seed): the identity the admin key acts for. */
export const OWNER_IDENTITY_ID = '00000000-0000-4000-8000-000000000001'

/** Identity types that may make elevated calls (catalog writes, webhooks admin, …). */
export const ELEVATED_TYPES: ReadonlySet<IdentityType> = new Set(['WIX_USER', 'APP'])

/** Inserts a new identity (through `db` or a transaction) and returns it. */
export async function createIdentity(
  db: Kysely<Schema>,
  type: IdentityType,
  email: string | null = null,
): Promise<Identity> {
  const now = new Date().toISOString()
  const identity: Identity = {
    id: randomUUID(),
    type,
    email,
    created_date: now,
    updated_date: now,
  }
  await db.insertInto('identities').values(identity).execute()
  return identity
}

/** The identity `id`, if any. */
export function findIdentity(db: Kysely<Schema>, id: string): Promise<Identity | undefined> {
  return db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst()
}
