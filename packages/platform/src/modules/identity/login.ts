import { forgetAttempts, takeAttempt } from '../../auth/rate-limit.js'
import { transaction } from '../../db/transaction.js'
import { findState } from './auth-states.js'
import { requireCaptcha, type CaptchaToken } from './captcha.js'
import { emailKey } from './emails.js'
import { identityErrors } from './errors.js'
import { isUniqueViolation, type IdentityContext } from './identity-context.js'
import { createMember, findMemberByEmail, lockMember } from './members.js'
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js'
import { RATE_RULES } from './rate-rules.js'
import { readSiteSettings } from './site-settings.js'
import { nextState } from './state-machine.js'
import type { MemberStatusReason } from './tables.js'
import type { StateMachineResponse } from './wire.js'

/** A registration, whichever version of the call it came through. */
export interface Registration {
  email: string
  password: string
  profile?: Record<string, unknown>
  captchaTokens?: CaptchaToken[]
}

/** A password login, whichever version of the call it came through. */
export interface PasswordLogin {
  email: string
  password: string
  captchaTokens?: CaptchaToken[]
  /** The caller's address, for the per-address limit. */
  remoteAddress: string
}

/**
 * Registers a member: captcha (if the site requires it), `-19995` when the e-mail has a member,
 * then the member is created with the steps the site requires (e-mail verification, owner
 * approval) and the state machine answers.
 */
export async function register(
  ctx: IdentityContext,
  input: Registration,
): Promise<StateMachineResponse> {
  const settings = await readSiteSettings(ctx.db.kysely, ctx.config)
  await requireCaptcha(ctx.db.kysely, ctx.captcha, settings.captchaRequired, input.captchaTokens)
  if (await findMemberByEmail(ctx.db.kysely, input.email)) throw identityErrors.emailAlreadyExists()
  const passwordHash = await hashPassword(input.password)
  const reasons: MemberStatusReason[] = []
  if (settings.emailVerificationRequired) reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED')
  if (settings.ownerApprovalRequired) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED')
  try {
    return await transaction(ctx.db, async (trx) => {
      const member = await createMember(trx, {
        email: input.email,
        passwordHash,
        profile: input.profile,
        reasons,
        emailVerified: false,
      })
      return nextState(trx, member, ctx.clientId ?? null)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw identityErrors.emailAlreadyExists()
    throw error
  }
}

/**
 * Logs a member in with a password. The attempt is counted first against the address's limit (a
 * 429 past it) and the e-mail's: past that one, as when the site always requires one, a captcha
 * is required (`-19971` without, `-19970` for a bad one) — nobody can lock a member out, and a
 * right password with a captcha always gets in. Then an unknown e-mail and a wrong password
 * answer the same `-19976` in the same time; a member without a password answers `-19973`. A
 * success clears the e-mail's failures and answers the state machine (`SUCCESS`, `REQUIRE_*`,
 * `STATUS_CHECK` for a blocked member).
 */
export async function login(
  ctx: IdentityContext,
  input: PasswordLogin,
): Promise<StateMachineResponse> {
  const db = ctx.db.kysely
  const settings = await readSiteSettings(db, ctx.config)
  const perEmail = { rule: RATE_RULES.loginPerEmail, key: input.email }
  const attempt = await takeAttempt(db, [
    { rule: RATE_RULES.loginPerAddress, key: input.remoteAddress },
    perEmail,
  ])
  const captcha = settings.captchaRequired || attempt.captchaRequired
  await requireCaptcha(db, ctx.captcha, captcha, input.captchaTokens)
  const member = await findMemberByEmail(db, input.email)
  if (!member || member.status === 'DELETED' || !member.password_hash) {
    await spendPasswordCheck(input.password)
    throw member?.status === 'DELETED' || !member
      ? identityErrors.invalidPassword()
      : identityErrors.resetPassword()
  }
  if (!(await verifyPassword(input.password, member.password_hash)))
    throw identityErrors.invalidPassword()
  await attempt.succeeded()
  await forgetAttempts(db, perEmail)
  return transaction(ctx.db, async (trx) => {
    const current = await lockMember(ctx.db, trx, member.identity_id)
    return nextState(trx, current ?? member, ctx.clientId ?? null)
  })
}

/**
 * Continues a flow from its state token (`state/proceed`, or a login with only a `stateToken`):
 * answers where the member stands now, e.g. `SUCCESS` once the owner approved them. `email`,
 * when given, must be the member's.
 */
export async function proceed(
  ctx: IdentityContext,
  stateToken: string,
  email?: string,
): Promise<StateMachineResponse> {
  const state = await findState(ctx.db.kysely, stateToken)
  if (!state) throw identityErrors.invalidStateToken()
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(ctx.db, trx, state.identity_id)
    if (!member || (email !== undefined && member.email_key !== emailKey(email)))
      throw identityErrors.invalidStateToken()
    return nextState(trx, member, ctx.clientId ?? null, { token: stateToken, state })
  })
}
