import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { newSecret } from '../../auth/secrets.js'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { keepFirst } from '../../db/settings.js'
import { identityErrors } from './errors.js'

/** A captcha answer as the wire sends it (`captchaTokens[]`; the capitalised keys are the wire's). */
export interface CaptchaToken {
  Recaptcha?: string
  InvisibleRecaptcha?: string
  NoCaptcha?: string
  recaptchaForClientSiteKey?: { token?: string; siteKeyId?: string }
}

/** How long a minted local captcha token is valid: 2 minutes. */
export const CAPTCHA_TOKEN_TTL_SECONDS = 120
const SECRET_KEY = 'identity.captcha_secret'
const PREFIX = 'vcap1'

/** The HMAC secret of local captcha tokens: generated once, kept in `settings` (all instances). */
const captchaSecret = (db: Kysely<Schema>): Promise<string> => keepFirst(db, SECRET_KEY, newSecret)

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url')

/** A new local captcha token, `vcap1.<expiry>.<nonce>.<hmac>`, valid once for 2 minutes. */
export async function mintCaptchaToken(db: Kysely<Schema>): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + CAPTCHA_TOKEN_TTL_SECONDS
  const payload = `${PREFIX}.${expires}.${randomBytes(16).toString('base64url')}`
  return `${payload}.${sign(await captchaSecret(db), payload)}`
}

/**
 * The payload parts of `token` (`<prefix>.<expiry>.<nonce>[.<more>…].<hmac>`, as
 * {@link mintCaptchaToken} and {@link newCaptchaChallenge} sign them) when its HMAC matches, it
 * has not expired and its nonce was not used: the nonce is spent. `undefined` otherwise.
 */
async function spendSignedToken(
  db: Kysely<Schema>,
  prefix: string,
  token: string,
): Promise<string[] | undefined> {
  const parts = token.split('.')
  if (parts.length < 4 || parts[0] !== prefix) return undefined
  const payload = parts.slice(0, -1)
  const expected = Buffer.from(sign(await captchaSecret(db), payload.join('.')))
  const given = Buffer.from(parts.at(-1)!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const expiresAt = Number(payload[1]) * 1000
  if (!(expiresAt > Date.now())) return undefined
  const now = new Date().toISOString()
  await db.deleteFrom('captcha_nonces').where('expires_at', '<', now).execute()
  const spent = await db
    .insertInto('captcha_nonces')
    .values({ nonce: payload[2]!, expires_at: new Date(expiresAt).toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst()
  return Number(spent.numInsertedOrUpdatedRows ?? 0) === 1 ? payload : undefined
}

/** How long a person has to answer a challenge of the hosted pages: 10 minutes. */
export const CHALLENGE_TTL_SECONDS = 10 * 60
const CHALLENGE_PREFIX = 'vq1'

/** A question for people, and the signed challenge a form sends back with the answer. */
export interface CaptchaChallenge {
  question: string
  challenge: string
}

/**
 * The hosted pages' captcha (they run no script, so they cannot show a third-party one): a
 * small sum to work out, e.g. "What is 3 plus 4?". The challenge is signed and works once, for
 * 10 minutes. It asks a person for a step a form-filling script does not expect; it is not a
 * barrier for a script written for this page — the limits per address stay the defence there.
 */
export async function newCaptchaChallenge(db: Kysely<Schema>): Promise<CaptchaChallenge> {
  const [a, b] = [randomInt(1, 10), randomInt(1, 10)]
  const expires = Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS
  const payload = `${CHALLENGE_PREFIX}.${expires}.${randomBytes(16).toString('base64url')}.${a}.${b}`
  return {
    question: `What is ${a} plus ${b}?`,
    challenge: `${payload}.${sign(await captchaSecret(db), payload)}`,
  }
}

/**
 * A captcha token (as the dev route mints) for the right `answer` to `challenge` of
 * {@link newCaptchaChallenge}; `undefined` for a wrong answer or a challenge that is forged,
 * expired or already answered (each challenge is spent by its first answer, right or wrong).
 */
export async function solveCaptchaChallenge(
  db: Kysely<Schema>,
  challenge: string,
  answer: string,
): Promise<string | undefined> {
  const payload = await spendSignedToken(db, CHALLENGE_PREFIX, challenge)
  if (!payload) return undefined
  const sum = Number(payload[3]) + Number(payload[4])
  return answer.trim() === String(sum) ? mintCaptchaToken(db) : undefined
}

/** The answer strings of a `captchaTokens` list, whatever key each came under. */
export const captchaValues = (tokens: readonly CaptchaToken[] = []): string[] =>
  tokens
    .flatMap((token) => [
      token.Recaptcha,
      token.InvisibleRecaptcha,
      token.NoCaptcha,
      token.recaptchaForClientSiteKey?.token,
    ])
    .filter((value): value is string => typeof value === 'string' && value.length > 0)

/**
 * When the site requires a captcha: `-19971` without any token, `-19970` unless one of them is
 * valid — a token of {@link mintCaptchaToken} (the dev route `POST /_vitrine/dev/captcha-token`,
 * or a solved {@link newCaptchaChallenge}) whose HMAC matches, not expired and not used (it is
 * spent). Nothing is checked when it does not.
 */
export async function requireCaptcha(
  db: Kysely<Schema>,
  required: boolean,
  tokens: readonly CaptchaToken[] | undefined,
): Promise<void> {
  if (!required) return
  const values = captchaValues(tokens)
  if (!values.length) throw identityErrors.missingCaptchaToken()
  for (const value of values) if (await spendSignedToken(db, PREFIX, value)) return
  throw identityErrors.invalidCaptchaToken()
}

/**
 * `POST /_vitrine/dev/captcha-token`, development mode only: a captcha token the local verifier
 * accepts, once, for 2 minutes (what solving the captcha gives in a browser).
 */
export function captchaTokenRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.post('/_vitrine/dev/captcha-token', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { token: await mintCaptchaToken(ctx.db.kysely) }
  })
}
