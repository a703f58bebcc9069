import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import type { MembersQuery } from './admin-schema.js'
import { identityErrors } from './errors.js'
import type { IdentityContext } from './identity-context.js'
import { approvedMail } from './mail-templates.js'
import { sendMail } from './mailbox.js'
import { listMembers, lockMember, satisfy, updateMember, wireIdentity } from './members.js'
import { revokeMemberSessions } from './sessions.js'
import type { WireIdentity } from './wire.js'

/** `GET /_vitrine/members`: the members, newest first. */
export async function memberList(
  db: Kysely<Schema>,
  query: MembersQuery,
): Promise<{ members: WireIdentity[] }> {
  const rows = await listMembers(db, query)
  return { members: await Promise.all(rows.map((row) => wireIdentity(db, row))) }
}

/**
 * The owner approves member `id`: the approval step is done (`ACTIVE` unless the e-mail still
 * needs verifying), a block is lifted, and the member is told by e-mail. The member's pending
 * login then continues with `state/proceed`, or they simply log in again.
 */
export function approveMember(ctx: IdentityContext, id: string): Promise<WireIdentity> {
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(ctx.db, trx, id)
    if (!member || member.status === 'DELETED') throw identityErrors.memberNotFound(id)
    const { reasons } = satisfy(member, 'PENDING_ADMIN_APPROVAL_REQUIRED')
    const status = reasons!.length ? 'PENDING' : 'ACTIVE'
    const updated = await updateMember(trx, member, { status, reasons })
    if (status === 'ACTIVE' && member.status !== 'ACTIVE')
      await sendMail(trx, approvedMail(member.email))
    return wireIdentity(trx, updated)
  })
}

/** The owner blocks member `id`: logins answer `STATUS_CHECK`; sessions and tokens end. */
export function blockMember(ctx: IdentityContext, id: string): Promise<WireIdentity> {
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(ctx.db, trx, id)
    if (!member || member.status === 'DELETED') throw identityErrors.memberNotFound(id)
    const updated = await updateMember(trx, member, { status: 'BLOCKED' })
    await revokeMemberSessions(trx, id)
    return wireIdentity(trx, updated)
  })
}
