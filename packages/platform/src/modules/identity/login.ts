/*
 * How members get in: register, password login (with its limits), continuing a pending flow from
 * its state token, and `sign-on` for elevated callers.
 */
import { forgetAttempts, takeAttempt, type RateRule } from '../../auth/rate-limit.js'
import { transaction } from '../../db/transaction.js'
import { readSiteSettings } from './admin.js'
import { requireCaptcha, type CaptchaToken } from './captcha.js'
import { identityErrors } from './errors.js'
import { isUniqueViolation } from '../../db/errors.js'
import { againOnUniqueViolation, type IdentityContext } from './identity-context.js'
import {
  createMember,
  emailKey,
  findMemberByEmail,
  lockMember,
  maySignIn,
  profileOf,
  satisfy,
  updateMember,
  wireIdentity,
  type WireIdentity,
} from './members.js'
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js'
import { findState, issueSessionToken, nextState, type StateMachineResponse } from './sessions.js'
import type { MemberStatusReason } from './tables.js'

const FIFTEEN_MINUTES = 15 * 60

/** The identity module's limits. Failures are counted; a success gives its attempt back. */
export const RATE_RULES = {
  /** Past it, logins of the e-mail need a captcha: nobody can lock a member out. */
  loginPerEmail: { name: 'login-email', max: 5, windowSeconds: FIFTEEN_MINUTES, past: 'captcha' },
  loginPerAddress: { name: 'login-address', max: 20, windowSeconds: FIFTEEN_MINUTES },
  verifyPerEmail: { name: 'verify-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
  verifyPerAddress: { name: 'verify-address', max: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Codes and links mailed to one address (e-mail bombing). */
  mailPerEmail: { name: 'mail-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateRule>

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
  await requireCaptcha(ctx.db.kysely, settings.captchaRequired, input.captchaTokens)
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
  await requireCaptcha(db, captcha, input.captchaTokens)
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
    const current = await lockMember(trx, member.identity_id)
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
    const member = await lockMember(trx, state.identity_id)
    if (!member || (email !== undefined && member.email_key !== emailKey(email)))
      throw identityErrors.invalidStateToken()
    return nextState(trx, member, ctx.clientId ?? null, { token: stateToken, state })
  })
}

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
 * (exchanged by `authorized_client` with `session_token`). `verifyEmail` vouches for the e-mail:
 * it counts as verified, as a recovery link does. The member must then be one who may sign in
 * (`maySignIn`), else nothing changes and it answers 403: `MEMBER_PENDING` while they still wait
 * (an unverified e-mail, the owner's approval), `MEMBER_BLOCKED` when blocked or deleted.
 */
export async function signOn(
  ctx: IdentityContext,
  input: SignOnInput,
): Promise<{ sessionToken: string; identity: WireIdentity }> {
  return againOnUniqueViolation(() =>
    transaction(ctx.db, async (trx) => {
      const found = await findMemberByEmail(trx, input.email)
      let member = found && (await lockMember(trx, found.identity_id))
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
          ...(input.verifyEmail && {
            emailVerified: true,
            ...satisfy(member, 'PENDING_EMAIL_VERIFICATION_REQUIRED'),
          }),
        })
      if (!maySignIn(member))
        throw member.status === 'PENDING'
          ? identityErrors.memberPending()
          : identityErrors.memberBlocked()
      const sessionToken = await issueSessionToken(trx, member.identity_id, null)
      return { sessionToken, identity: await wireIdentity(trx, member) }
    }),
  )
}
