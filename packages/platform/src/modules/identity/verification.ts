/*
 * E-mail verification: the mailed 6-digit codes (issued, checked, counted), `auth/verify` and
 * `auth/resend` during a login or registration, `start` for a member, and their routes.
 */
import { randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { CallerIdentity } from '../../auth/caller.js'
import { guard, requireIdentity } from '../../auth/guards.js'
import { ELEVATED_TYPES } from '../../auth/identities.js'
import { takeAttempt } from '../../auth/rate-limit.js'
import {
  consumeSecret,
  hasExpired,
  issueSecret,
  revokeSecrets,
  secretHash,
} from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { empty, type SchemaApp } from '../../http/schema.js'
import { identityErrors } from './errors.js'
import { forCaller, type IdentityContext } from './identity-context.js'
import { RATE_RULES } from './login.js'
import { sendMail, verificationCodeMail } from './mail.js'
import { findMember, lockMember, satisfy, updateMember } from './members.js'
import { identitySchemas as schemas } from './schema.js'
import { createState, findState, nextState, type StateMachineResponse } from './sessions.js'

/** A code is valid 10 minutes. */
export const CODE_TTL_SECONDS = 10 * 60
/** Wrong guesses a code survives; at this count it is dead, even for the right code. */
export const MAX_CODE_ATTEMPTS = 5

/**
 * Mails a new 6-digit code for verification state `stateId` to `email`, replacing any earlier
 * code of the state. Counts against the e-mail's mail limit (a 429 past it). Use `trx`, so the
 * code and its mail exist only if the step commits.
 */
export async function issueCode(db: Kysely<Schema>, stateId: string, email: string): Promise<void> {
  await takeAttempt(db, [{ rule: RATE_RULES.mailPerEmail, key: email }])
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await revokeSecrets(db, 'verification_codes', 'state_id', stateId)
  await issueSecret(
    db,
    'verification_codes',
    { state_id: stateId, attempts: 0 },
    { ttlSeconds: CODE_TTL_SECONDS, binding: stateId, value: code },
  )
  await sendMail(db, verificationCodeMail(email, code, CODE_TTL_SECONDS / 60))
}

/** What {@link checkCode} found: the error is returned, so the attempt count still commits. */
export type CodeCheck = { ok: true } | { ok: false; error: PlatformError }

/**
 * Checks `code` against the live code of state `stateId`, inside `trx` (the code row locked):
 * a wrong code counts an attempt; the right one is spent. Returns the error instead of throwing
 * it, so that the counted attempt is committed.
 */
export async function checkCode(trx: Tx, stateId: string, code: string): Promise<CodeCheck> {
  const row = await forUpdate(
    trx,
    trx
      .selectFrom('verification_codes')
      .select(['id', 'attempts', 'expires_at'])
      .where('state_id', '=', stateId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .orderBy('created_date', 'desc')
      .limit(1),
  ).executeTakeFirst()
  if (!row) return { ok: false, error: identityErrors.codeExpired('no code is pending') }
  if (hasExpired(row)) return { ok: false, error: identityErrors.codeExpired('it has expired') }
  if (row.attempts >= MAX_CODE_ATTEMPTS)
    return { ok: false, error: identityErrors.codeExpired('too many wrong attempts') }
  if (await consumeSecret(trx, 'verification_codes', secretHash(code.trim(), stateId)))
    return { ok: true }
  const attempts = row.attempts + 1
  await trx.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute()
  return { ok: false, error: identityErrors.invalidCode(MAX_CODE_ATTEMPTS - attempts) }
}

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
  const { state, member } = await verificationOf(ctx, input.stateToken).catch(
    async (error: unknown) => {
      await takeAttempt(ctx.db.kysely, [perAddress])
      throw error
    },
  )
  const attempt = await takeAttempt(ctx.db.kysely, [
    { rule: RATE_RULES.verifyPerEmail, key: member.email },
    perAddress,
  ])
  const result = await transaction(ctx.db, async (trx) => {
    const check = await checkCode(trx, state.id, input.code)
    if (!check.ok) return check
    const current = (await lockMember(trx, member.identity_id)) ?? member
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

const VERIFICATION = '/_api/iam/verification/v1'

/** The verification calls: start, auth/verify and auth/resend. */
export function verificationRoutes(app: SchemaApp, ctx: IdentityContext): void {
  app.post(
    `${VERIFICATION}/start`,
    { onRequest: guard.identity, schema: { body: schemas.startVerification } },
    async (request) => {
      const caller = request.apiKey ?? requireIdentity(request)
      return startVerification(ctx, caller, request.body.identityId)
    },
  )

  app.post(`${VERIFICATION}/auth/verify`, { schema: { body: schemas.verify } }, async (request) =>
    verifyDuringAuthentication(forCaller(ctx, request), {
      ...request.body,
      remoteAddress: request.ip,
    }),
  )

  app.post(`${VERIFICATION}/auth/resend`, { schema: { body: schemas.resend } }, ({ body }) =>
    resendCode(ctx, body.stateToken).then(empty),
  )
}
