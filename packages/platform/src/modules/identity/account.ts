import type { CallerIdentity } from '../../auth/caller.js'
import { transaction } from '../../db/transaction.js'
import { isValidEmail } from './emails.js'
import { identityErrors } from './errors.js'
import type { IdentityContext } from './identity-context.js'
import { findMemberByEmail, lockMember, updateMember } from './members.js'
import { hashPassword } from './passwords.js'
import { revokeMemberSessions } from './sessions.js'

/**
 * `change-password`: a member sets a new password. Their unspent session tokens die; the tokens
 * they are signed in with stay, so the change does not log them out.
 */
export async function changePassword(
  ctx: IdentityContext,
  caller: CallerIdentity,
  newPassword: string,
): Promise<void> {
  if (caller.type !== 'MEMBER') throw identityErrors.memberRequired()
  const passwordHash = await hashPassword(newPassword)
  await transaction(ctx.db, async (trx) => {
    const member = await lockMember(ctx.db, trx, caller.id)
    if (!member) throw identityErrors.memberNotFound(caller.id)
    if (member.status === 'BLOCKED' || member.status === 'DELETED')
      throw identityErrors.memberBlocked()
    await updateMember(trx, member, { passwordHash })
    await revokeMemberSessions(trx, member.identity_id, { keepTokens: true })
  })
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
