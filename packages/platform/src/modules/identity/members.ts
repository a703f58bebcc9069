import type { Kysely } from 'kysely'
import { createIdentity } from '../../auth/identities.js'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import { emailKey } from './emails.js'
import type { MemberStatus, MemberStatusReason } from './tables.js'
import { reasonsOf, toWireIdentity, type Member, type WireIdentity } from './wire.js'

/** What a new member starts with. */
export interface NewMember {
  email: string
  passwordHash: string | null
  profile?: Record<string, unknown>
  /** Steps the member must pass before being `ACTIVE`. */
  reasons: MemberStatusReason[]
  emailVerified: boolean
}

/** What {@link updateMember} may change. */
export interface MemberChanges {
  status?: MemberStatus
  reasons?: MemberStatusReason[]
  emailVerified?: boolean
  passwordHash?: string
  profile?: Record<string, unknown>
}

/** The member whose e-mail is `email`, whatever its case. */
export function findMemberByEmail(db: Kysely<Schema>, email: string): Promise<Member | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
}

/** The member of identity `id`. */
export function findMember(db: Kysely<Schema>, id: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('identity_id', '=', id).executeTakeFirst()
}

/** The member of identity `id`, locked for the rest of `trx` on PostgreSQL. */
export function lockMember(db: Database, trx: Tx, id: string): Promise<Member | undefined> {
  return forUpdate(
    db,
    trx.selectFrom('members').selectAll().where('identity_id', '=', id),
  ).executeTakeFirst()
}

/** `PENDING` while any reason is left, else `ACTIVE`. */
export const statusFor = (reasons: readonly MemberStatusReason[]): MemberStatus =>
  reasons.length ? 'PENDING' : 'ACTIVE'

/**
 * The status and reasons once `reason` is satisfied: a pending member with no reason left
 * becomes `ACTIVE`; a blocked or deleted member stays so.
 */
export function satisfy(
  member: Member,
  reason: MemberStatusReason,
): Pick<MemberChanges, 'status' | 'reasons'> {
  const reasons = reasonsOf(member).filter((item) => item !== reason)
  const status = member.status === 'PENDING' ? statusFor(reasons) : member.status
  return { status, reasons }
}

/** Inserts a `MEMBER` identity and its member row; returns the row. */
export async function createMember(trx: Tx, input: NewMember): Promise<Member> {
  const identity = await createIdentity(trx, 'MEMBER', input.email)
  const member: Member = {
    identity_id: identity.id,
    email: input.email,
    email_key: emailKey(input.email),
    email_verified: input.emailVerified ? 1 : 0,
    password_hash: input.passwordHash,
    status: statusFor(input.reasons),
    status_reasons: JSON.stringify(input.reasons),
    profile: JSON.stringify(input.profile ?? {}),
    revision: 1,
    created_date: identity.created_date,
    updated_date: identity.updated_date,
  }
  await trx.insertInto('members').values(member).execute()
  return member
}

/** Applies `changes` to `member` (revision bumped); returns the new row. */
export async function updateMember(
  trx: Tx,
  member: Member,
  changes: MemberChanges,
): Promise<Member> {
  const next: Member = {
    ...member,
    ...(changes.status && { status: changes.status }),
    ...(changes.reasons && { status_reasons: JSON.stringify(changes.reasons) }),
    ...(changes.emailVerified !== undefined && { email_verified: changes.emailVerified ? 1 : 0 }),
    ...(changes.passwordHash && { password_hash: changes.passwordHash }),
    ...(changes.profile && { profile: JSON.stringify(changes.profile) }),
    revision: member.revision + 1,
    updated_date: new Date().toISOString(),
  }
  const { identity_id, ...columns } = next
  await trx.updateTable('members').set(columns).where('identity_id', '=', identity_id).execute()
  await trx
    .updateTable('identities')
    .set({ updated_date: next.updated_date })
    .where('id', '=', identity_id)
    .execute()
  return next
}

/** The wire identity of `member`, with its identity-provider connections. */
export async function wireIdentity(db: Kysely<Schema>, member: Member): Promise<WireIdentity> {
  const links = await db
    .selectFrom('member_idp_links')
    .select(['idp_connection_id', 'subject'])
    .where('identity_id', '=', member.identity_id)
    .orderBy('created_date')
    .execute()
  return toWireIdentity(member, links)
}

/** Members, newest first, optionally of one status. */
export function listMembers(
  db: Kysely<Schema>,
  options: { status?: MemberStatus; limit: number; offset: number },
): Promise<Member[]> {
  let query = db.selectFrom('members').selectAll()
  if (options.status) query = query.where('status', '=', options.status)
  return query
    .orderBy('created_date', 'desc')
    .orderBy('identity_id')
    .limit(options.limit)
    .offset(options.offset)
    .execute()
}
