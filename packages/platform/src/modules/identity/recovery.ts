/*
 * Password recovery and account activation: mailed single-use links, `recover`, and their routes
 * (`/_api/iam/recovery/v1/…`). A link without a redirect leads to the hosted pages' recovery page.
 */
import type { Kysely } from 'kysely'
import { guard, requireElevated } from '../../auth/guards.js'
import { RateLimitedError, takeAttempt } from '../../auth/rate-limit.js'
import {
  consumeSecret,
  findSecret,
  issueSecret,
  revokeSecrets,
  secretHash,
} from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { empty, type SchemaApp } from '../../http/schema.js'
import { requireAllowedRedirect } from '../redirects/index.js'
import { identityErrors } from './errors.js'
import { forCaller, type IdentityContext } from './identity-context.js'
import { RATE_RULES } from './login.js'
import { recoveryLinkMail, sendMail } from './mail.js'
import {
  findMember,
  findMemberByEmail,
  lockMember,
  requireEmail,
  satisfy,
  updateMember,
  type Member,
} from './members.js'
import { hashPassword, requireNewPassword } from './passwords.js'
import { identitySchemas as schemas } from './schema.js'
import { nextState, signOutEverywhere, type StateMachineResponse } from './sessions.js'
import type { RecoveryKind } from './tables.js'

/** Hours a link works: recovery 1, activation 72. */
const LINK_TTL_HOURS: Record<RecoveryKind, number> = { RECOVERY: 1, ACTIVATION: 72 }

/**
 * The platform's own page for a recovery link without a redirect (served by the hosted pages):
 * `?recoveryToken=`, and `site=<origin>` when the link was asked for from a page of that site.
 */
export const RECOVERY_PAGE_PATH = '/_vitrine/recovery'

/** Where a recovery or activation link leads, and (`site`) the site it was asked for from. */
export interface LinkTarget {
  /** An allowed URL of `clientId` (default: the storefront's client) to send the token to. */
  url?: string
  clientId?: string
  /**
   * Without `url`: the origin of the site the member came from, for the platform's page to link
   * back to (checked there against the allowed origins).
   */
  site?: string
}

/** `base` with `name=value` added to its query. */
export function withParam(base: string, name: string, value: string): string {
  const url = new URL(base)
  url.searchParams.set(name, value)
  return url.href
}

/** Where a link leads: `redirect.url` when allowed for its client, else the platform's page. */
async function linkBase(
  ctx: IdentityContext,
  redirect: LinkTarget | undefined,
  field: string,
): Promise<string> {
  if (!redirect?.url) {
    const page = ctx.config.publicUrl + RECOVERY_PAGE_PATH
    return redirect?.site ? withParam(page, 'site', redirect.site) : page
  }
  const clientId = redirect.clientId || ctx.config.clientId
  return requireAllowedRedirect(ctx.db.kysely, clientId, redirect.url, field)
}

/** Stores a new recovery token of `kind` for `member` and mails its link (`?recoveryToken=`). */
async function mailLink(db: Kysely<Schema>, member: Member, kind: RecoveryKind, base: string) {
  await takeAttempt(db, [{ rule: RATE_RULES.mailPerEmail, key: member.email }])
  const { value } = await issueSecret(
    db,
    'recovery_tokens',
    { identity_id: member.identity_id, kind },
    { ttlSeconds: LINK_TTL_HOURS[kind] * 3600 },
  )
  const link = withParam(base, 'recoveryToken', value)
  const mailKind = kind === 'RECOVERY' ? 'RECOVERY_LINK' : 'ACTIVATION_LINK'
  await sendMail(db, recoveryLinkMail(member.email, link, mailKind, LINK_TTL_HOURS[kind]))
}

/**
 * `recovery/send-email`: mails a password-reset link to the member of `email`. Answers the same
 * whether the e-mail has a member or not, and whether its mail limit was reached: nothing tells
 * a caller who is a member. Only the redirect is checked (a 400 when not allowed).
 */
export async function sendRecoveryEmail(
  ctx: IdentityContext,
  email: string,
  redirect?: LinkTarget,
): Promise<void> {
  const base = await linkBase(ctx, redirect, 'redirect.url')
  const member = await findMemberByEmail(ctx.db.kysely, email)
  if (!member || member.status === 'DELETED' || member.status === 'BLOCKED') return
  try {
    await transaction(ctx.db, (trx) => mailLink(trx, member, 'RECOVERY', base))
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error
  }
}

/** `recovery/activation-email` (elevated): mails member `identityId` a link to set a password. */
export async function sendActivationEmail(
  ctx: IdentityContext,
  identityId: string,
  redirect?: LinkTarget,
): Promise<void> {
  const base = await linkBase(ctx, redirect, 'emailOptions.redirect.url')
  const member = await findMember(ctx.db.kysely, identityId)
  if (!member || member.status === 'DELETED') throw identityErrors.memberNotFound(identityId)
  await transaction(ctx.db, (trx) => mailLink(trx, member, 'ACTIVATION', base))
}

/**
 * What the live (unused, unexpired) token `recoveryToken` was mailed for, or `undefined` for an
 * unknown, used or expired one. Spends nothing.
 */
export async function recoveryTokenKind(
  db: Kysely<Schema>,
  recoveryToken: string,
): Promise<RecoveryKind | undefined> {
  return (await findSecret(db, 'recovery_tokens', secretHash(recoveryToken)))?.kind
}

/**
 * `recovery/recover`: checks the new password against the password rules, spends a recovery or
 * activation token (once, even concurrently), signs the member out everywhere (every device
 * signed in with the old password, the hosted sign-in's cookie included), sets the new password,
 * counts the e-mail as verified (the link proved it), and answers the state machine.
 */
export async function recover(
  ctx: IdentityContext,
  recoveryToken: string,
  password: string,
): Promise<StateMachineResponse> {
  requireNewPassword('password', password)
  // Checked before hashing, so unknown tokens cost no scrypt.
  if (!(await recoveryTokenKind(ctx.db.kysely, recoveryToken)))
    throw identityErrors.invalidRecoveryToken()
  const passwordHash = await hashPassword(password)
  return transaction(ctx.db, async (trx) => {
    const spent = await consumeSecret(trx, 'recovery_tokens', secretHash(recoveryToken))
    const member = spent && (await lockMember(trx, spent.identity_id))
    if (!member || member.status === 'DELETED') throw identityErrors.invalidRecoveryToken()
    await revokeSecrets(trx, 'recovery_tokens', 'identity_id', member.identity_id)
    await signOutEverywhere(trx, member.identity_id)
    const updated = await updateMember(trx, member, {
      passwordHash,
      emailVerified: true,
      ...satisfy(member, 'PENDING_EMAIL_VERIFICATION_REQUIRED'),
    })
    return nextState(trx, updated, ctx.clientId ?? null)
  })
}

const RECOVERY = '/_api/iam/recovery/v1'

/** The recovery calls: send-email, activation-email (elevated) and recover. */
export function recoveryRoutes(app: SchemaApp, ctx: IdentityContext): void {
  app.post(`${RECOVERY}/send-email`, { schema: { body: schemas.sendRecoveryEmail } }, ({ body }) =>
    sendRecoveryEmail(ctx, requireEmail('email', body.email), body.redirect).then(empty),
  )

  app.post(
    `${RECOVERY}/activation-email`,
    { onRequest: guard.elevated, schema: { body: schemas.sendActivationEmail } },
    async (request) => {
      requireElevated(request)
      const { identityId, emailOptions } = request.body
      return sendActivationEmail(ctx, identityId, emailOptions?.redirect).then(empty)
    },
  )

  app.post(`${RECOVERY}/recover`, { schema: { body: schemas.recover } }, async (request) => {
    const { body } = request
    if (!body.password) throw PlatformError.invalid('password', 'is required', 'REQUIRED_FIELD')
    return recover(forCaller(ctx, request), body.recoveryToken, body.password)
  })
}
