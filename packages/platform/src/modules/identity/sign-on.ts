import { transaction } from '../../db/transaction.js'
import { identityErrors } from './errors.js'
import { isUniqueViolation, type IdentityContext } from './identity-context.js'
import {
  createMember,
  findMemberByEmail,
  lockMember,
  updateMember,
  wireIdentity,
} from './members.js'
import { issueSessionToken } from './sessions.js'
import { profileOf, type WireIdentity } from './wire.js'

/** What `sign-on` takes (after validation). */
export interface SignOnInput {
  email: string
  profile?: Record<string, unknown>
  /** The caller vouches for the e-mail: it counts as verified. */
  verifyEmail?: boolean
}

/**
 * `sign-on` (elevated callers, e.g. the external login): finds the member of `email` or creates
 * one (active, without a password), merges the given profile in, and issues a session token
 * (exchanged by `authorized_client` with `session_token`). 403 for a blocked or deleted member.
 */
export async function signOn(
  ctx: IdentityContext,
  input: SignOnInput,
): Promise<{ sessionToken: string; identity: WireIdentity }> {
  const run = () =>
    transaction(ctx.db, async (trx) => {
      const found = await findMemberByEmail(trx, input.email)
      let member = found && (await lockMember(ctx.db, trx, found.identity_id))
      if (member?.status === 'BLOCKED' || member?.status === 'DELETED')
        throw identityErrors.memberBlocked()
      if (!member)
        member = await createMember(trx, {
          email: input.email,
          passwordHash: null,
          profile: input.profile,
          reasons: [],
          emailVerified: !!input.verifyEmail,
        })
      else if (input.profile || input.verifyEmail)
        member = await updateMember(trx, member, {
          ...(input.profile && { profile: { ...profileOf(member), ...input.profile } }),
          ...(input.verifyEmail && { emailVerified: true }),
        })
      const sessionToken = await issueSessionToken(trx, member.identity_id, null)
      return { sessionToken, identity: await wireIdentity(trx, member) }
    })
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) return run()
    throw error
  }
}
