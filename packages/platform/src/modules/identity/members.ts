import type { Kysely, Selectable } from 'kysely'
import { createIdentity } from '../../auth/identities.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import type { IdentityContext } from './identity-context.js'
import type { MemberStatus, MemberStatusReason, MembersTable } from './tables.js'

/** The longest e-mail address (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/

/** Whether `email` looks like a deliverable address (one `@`, a dotted domain, no spaces). */
export const isValidEmail = (email: string): boolean =>
  email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email)

/** The key an e-mail is unique and looked up by: trimmed and lower-cased. */
export const emailKey = (email: string): string => email.trim().toLowerCase()

/**
 * `email` trimmed, or the provider's `EMAIL` field violation on `field` (the client reads
 * `data.type === 'EMAIL'` as `invalidEmail`).
 *
 * @example
 * const email = requireEmail('loginId.email', body.loginId.email)
 */
export function requireEmail(field: string, email: unknown): string {
  const value = typeof email === 'string' ? email.trim() : ''
  if (!isValidEmail(value))
    throw PlatformError.invalid(field, 'must be a valid e-mail address', 'FORMAT', {
      type: 'EMAIL',
    })
  return value
}

/** A row of `members`. */
export type Member = Selectable<MembersTable>

/** How a member signs in, on the wire. */
export type WireConnection =
  | { authenticatorConnection: { authenticatorConnectionId: string; reEnrollmentRequired: false } }
  | { idpConnection: { idpConnectionId: string; subject: string } }

/** A member's identity as the provider answers it (wire contract §5.3). */
export interface WireIdentity {
  id: string
  revision: string
  createdDate: string
  updatedDate: string
  connections: WireConnection[]
  identityProfile: Record<string, unknown>
  metadata: { tags: string[] }
  email: { address: string; isVerified: boolean }
  status: { name: string; reasons: MemberStatusReason[] }
  factors: []
}

/** A member's status reasons. */
export const reasonsOf = (member: Pick<Member, 'status_reasons'>): MemberStatusReason[] =>
  JSON.parse(member.status_reasons) as MemberStatusReason[]

/** A member's profile. */
export const profileOf = (member: Pick<Member, 'profile'>): Record<string, unknown> =>
  JSON.parse(member.profile) as Record<string, unknown>

/** The wire identity of `member`, with its identity-provider connections. */
export async function wireIdentity(db: Kysely<Schema>, member: Member): Promise<WireIdentity> {
  const links = await db
    .selectFrom('member_idp_links')
    .select(['idp_connection_id', 'subject'])
    .where('identity_id', '=', member.identity_id)
    .orderBy('created_date')
    .execute()
  const connections: WireConnection[] = links.map((link) => ({
    idpConnection: { idpConnectionId: link.idp_connection_id, subject: link.subject },
  }))
  if (member.password_hash)
    connections.unshift({
      authenticatorConnection: {
        authenticatorConnectionId: 'password',
        reEnrollmentRequired: false,
      },
    })
  return {
    id: member.identity_id,
    revision: String(member.revision),
    createdDate: member.created_date,
    updatedDate: member.updated_date,
    connections,
    identityProfile: profileOf(member),
    metadata: { tags: [] },
    email: { address: member.email, isVerified: member.email_verified === 1 },
    status: { name: member.status, reasons: reasonsOf(member) },
    factors: [],
  }
}

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
  slug?: string
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
export function lockMember(trx: Tx, id: string): Promise<Member | undefined> {
  return forUpdate(
    trx,
    trx.selectFrom('members').selectAll().where('identity_id', '=', id),
  ).executeTakeFirst()
}

/**
 * The one rule of who may sign in: an `ACTIVE` member. A pending member finishes their steps
 * first (the state machine answers `REQUIRE_*`); a blocked or deleted one never gets in.
 */
export const maySignIn = (member: Pick<Member, 'status'>): boolean => member.status === 'ACTIVE'

/**
 * Whether member `identityId` may sign in now ({@link maySignIn}): asked before anything that
 * signs a member in is issued (tokens, a code, a platform session). `issuedAt` (ISO): when what
 * is spent for it was issued (an authorization code), refused if the member was signed out
 * everywhere since. It locks the member's row for the rest of `trx` (PostgreSQL), so a block or a
 * sign-out being committed is waited for and seen.
 */
export async function memberMayEnter(
  trx: Tx,
  identityId: string,
  issuedAt?: string,
): Promise<boolean> {
  const member = await lockMember(trx, identityId)
  const signedOutSince = !!issuedAt && !!member?.signed_out_at && issuedAt <= member.signed_out_at
  return !!member && maySignIn(member) && !signedOutSince
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
    slug: null,
    signed_out_at: null,
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
    ...(changes.slug !== undefined && { slug: changes.slug }),
    revision: member.revision + 1,
    updated_date: new Date().toISOString(),
  }
  // When the member was signed out is signOutEverywhere's to write, never copied back from `member`.
  const { identity_id, signed_out_at, ...columns } = next
  await trx.updateTable('members').set(columns).where('identity_id', '=', identity_id).execute()
  await trx
    .updateTable('identities')
    .set({ updated_date: next.updated_date })
    .where('id', '=', identity_id)
    .execute()
  return next
}

/** Members on the wire, newest first, optionally of one status (`GET /_vitrine/members`). */
export async function listMembers(
  db: Kysely<Schema>,
  options: { status?: MemberStatus; limit: number; offset: number },
): Promise<WireIdentity[]> {
  let query = db.selectFrom('members').selectAll()
  if (options.status) query = query.where('status', '=', options.status)
  const rows = await query
    .orderBy('created_date', 'desc')
    .orderBy('identity_id')
    .limit(options.limit)
    .offset(options.offset)
    .execute()
  return Promise.all(rows.map((row) => wireIdentity(db, row)))
}

/** What `validate-email` answers. */
export interface EmailValidation {
  valid: boolean
  formatInvalid: boolean
  failure?: { reason: 'INVALID_FORMAT' | 'EMAIL_ALREADY_EXISTS' }
}

/** `validate-email`: whether `email` can register (a valid format, no member yet). */
export async function validateEmail(ctx: IdentityContext, email: string): Promise<EmailValidation> {
  const trimmed = email.trim()
  if (!isValidEmail(trimmed))
    return { valid: false, formatInvalid: true, failure: { reason: 'INVALID_FORMAT' } }
  if (await findMemberByEmail(ctx.db.kysely, trimmed))
    return { valid: false, formatInvalid: false, failure: { reason: 'EMAIL_ALREADY_EXISTS' } }
  return { valid: true, formatInvalid: false }
}
