import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { CallerIdentity } from '../../auth/caller.js'
import { revokeSecrets } from '../../auth/secrets.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { identityErrors } from './errors.js'
import type { IdentityContext } from './identity-context.js'
import { lockMember, updateMember } from './members.js'
import { PASSWORD_RULES } from './schema.js'

/** scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds per hash). */
const PARAMS = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { ...options, maxmem: 256 * options.N! * options.r! },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  )

/**
 * A new scrypt hash of `password` with a random salt: `scrypt$N$r$p$<salt>$<hash>` (base64url),
 * so the cost can be raised later without breaking stored hashes. Never log the password.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, PARAMS, KEY_LENGTH)
  const { N, r, p } = PARAMS
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches `stored` (a {@link hashPassword} result), compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const options = { N: Number(N), r: Number(r), p: Number(p) }
  const key = await derive(password, Buffer.from(salt, 'base64url'), options, expected.length)
  return timingSafeEqual(key, expected)
}

let dummy: Promise<string> | undefined

/**
 * Spends the time of one password check against a throwaway hash, for a login whose e-mail has
 * no member or no password: the answer then takes as long as for a wrong password.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummy)
}

/**
 * `password` when it follows {@link PASSWORD_RULES} (counted in code points, as the JSON schemas
 * count), else the field violation on `field` that the schemas answer (`MIN_LENGTH`,
 * `MAX_LENGTH`). Every new password goes through it: register, recover, the hosted pages.
 */
export function requireNewPassword(field: string, password: string): string {
  const length = [...password].length
  const { minLength, maxLength } = PASSWORD_RULES
  if (length < minLength)
    throw PlatformError.invalid(
      field,
      `must NOT have fewer than ${minLength} characters`,
      'MIN_LENGTH',
      { threshold: minLength },
    )
  if (length > maxLength)
    throw PlatformError.invalid(
      field,
      `must NOT have more than ${maxLength} characters`,
      'MAX_LENGTH',
      { threshold: maxLength },
    )
  return password
}

/**
 * `change-password`: a signed-in member sets a new password. Not a sign-out: the tokens and
 * platform sessions they are signed in with stay. Only their unspent session tokens die.
 */
export async function changePassword(
  ctx: IdentityContext,
  caller: CallerIdentity,
  newPassword: string,
): Promise<void> {
  if (caller.type !== 'MEMBER') throw identityErrors.memberRequired()
  const passwordHash = await hashPassword(newPassword)
  await transaction(ctx.db, async (trx) => {
    const member = await lockMember(trx, caller.id)
    if (!member) throw identityErrors.memberNotFound(caller.id)
    if (member.status === 'BLOCKED' || member.status === 'DELETED')
      throw identityErrors.memberBlocked()
    await updateMember(trx, member, { passwordHash })
    // Not signOutEverywhere: the member stays signed in where they are. Only the unspent session
    // tokens die: each proves a login with the old password, perhaps someone else's.
    await revokeSecrets(trx, 'member_sessions', 'identity_id', member.identity_id)
  })
}
