import { randomInt } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  consumeSecret,
  hasExpired,
  issueSecret,
  revokeSecrets,
  secretHash,
} from '../../auth/secrets.js'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import type { PlatformError } from '../../http/platform-error.js'
import { identityErrors } from './errors.js'
import { sendMail } from './mailbox.js'
import { verificationCodeMail } from './mail-templates.js'
import { takeAttempt } from '../../auth/rate-limit.js'
import { RATE_RULES } from './rate-rules.js'

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
export async function checkCode(
  db: Database,
  trx: Tx,
  stateId: string,
  code: string,
): Promise<CodeCheck> {
  const row = await forUpdate(
    db,
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
