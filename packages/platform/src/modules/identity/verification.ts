import type { CallerIdentity } from '../../auth/caller.js'
import { ELEVATED_TYPES } from '../../auth/identities.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { createState, findState } from './auth-states.js'
import { identityErrors } from './errors.js'
import type { IdentityContext } from './identity-context.js'
import { findMember, lockMember, satisfy, updateMember } from './members.js'
import { takeAttempt } from '../../auth/rate-limit.js'
import { RATE_RULES } from './rate-rules.js'
import { nextState } from './state-machine.js'
import { checkCode, issueCode } from './verification-codes.js'
import type { StateMachineResponse } from './wire.js'

/** The open e-mail verification state of `stateToken`, with its member. */
async function verificationOf(ctx: IdentityContext, stateToken: string) {
  const state = await findState(ctx.db.kysely, stateToken)
  const member = state && (await findMember(ctx.db.kysely, state.identity_id))
  if (!state || state.purpose !== 'EMAIL_VERIFICATION' || !member)
    throw identityErrors.invalidStateToken()
  return { state, member }
}

/**
 * `auth/verify`: checks the mailed code of a `REQUIRE_EMAIL_VERIFICATION` state. Counted against
 * the e-mail's and the address's verification limits; a wrong code also counts against the code
 * (dead after 5). The right code verifies the e-mail and answers the next state (`SUCCESS` with a
 * session token, or `REQUIRE_OWNER_APPROVAL`).
 */
export async function verifyDuringAuthentication(
  ctx: IdentityContext,
  input: { code: string; stateToken: string; remoteAddress: string },
): Promise<StateMachineResponse> {
  const perAddress = { rule: RATE_RULES.verifyPerAddress, key: input.remoteAddress }
  let found
  try {
    found = await verificationOf(ctx, input.stateToken)
  } catch (error) {
    await takeAttempt(ctx.db.kysely, [perAddress])
    throw error
  }
  const { state, member } = found
  const attempt = await takeAttempt(ctx.db.kysely, [
    { rule: RATE_RULES.verifyPerEmail, key: member.email },
    perAddress,
  ])
  const result = await transaction(ctx.db, async (trx) => {
    const check = await checkCode(ctx.db, trx, state.id, input.code)
    if (!check.ok) return check
    const current = (await lockMember(ctx.db, trx, member.identity_id)) ?? member
    const verified = await updateMember(trx, current, {
      emailVerified: true,
      ...satisfy(current, 'PENDING_EMAIL_VERIFICATION_REQUIRED'),
    })
    return {
      ok: true as const,
      response: await nextState(trx, verified, ctx.clientId ?? null, {
        token: input.stateToken,
        state,
      }),
    }
  })
  if (!result.ok) throw result.error
  await attempt.succeeded()
  return result.response
}

/** `auth/resend`: mails a new code for the verification of `stateToken` (the old one dies). */
export async function resendCode(ctx: IdentityContext, stateToken: string): Promise<void> {
  const { state, member } = await verificationOf(ctx, stateToken)
  await transaction(ctx.db, (trx) => issueCode(trx, state.id, member.email))
}

/**
 * Verification `start`: mails a code to verify a member's e-mail. A member starts their own; an
 * elevated caller names `identityId`. The answer's `verificationId` is the state token of the
 * verification: submit it as `stateToken` with the code to `auth/verify`.
 */
export async function startVerification(
  ctx: IdentityContext,
  caller: CallerIdentity,
  identityId: string | undefined,
): Promise<{ verificationId: string }> {
  const elevated = caller.via === 'apiKey' || ELEVATED_TYPES.has(caller.type)
  if (!elevated && caller.type !== 'MEMBER') throw identityErrors.memberRequired()
  if (!elevated && identityId !== undefined && identityId !== caller.id)
    throw PlatformError.forbidden('A member can only verify their own e-mail')
  const id = identityId ?? (elevated ? undefined : caller.id)
  if (!id) throw PlatformError.invalid('identityId', 'is required', 'REQUIRED_FIELD')
  const member = await findMember(ctx.db.kysely, id)
  if (!member) throw identityErrors.memberNotFound(id)
  const token = await transaction(ctx.db, async (trx) => {
    const issued = await createState(trx, member.identity_id, 'EMAIL_VERIFICATION')
    await issueCode(trx, issued.state.id, member.email)
    return issued.token
  })
  return { verificationId: token }
}
