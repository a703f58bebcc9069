import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../db/schema.js'
import { lookupApiKey } from './api-keys.js'
import { takeAttempt, type RateRule } from './rate-limit.js'
import { ACCESS_TOKEN_PREFIX, lookupAccessToken } from './tokens.js'

/** The identity a request acts as, and how it proved it. */
export interface CallerIdentity extends Identity {
  via: 'accessToken' | 'apiKey'
  /** The OAuth client of the access token; `null` for an API key. */
  clientId: string | null
}

/** Why a request has no identity, or why part of its `Authorization` header was refused. */
export type AuthFailure = 'missing' | 'unknown' | 'expired'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who calls: the identity of the access token in `Authorization`, else of the API key;
     * `null` when the header is missing or not valid. Read it through `requireIdentity` /
     * `requireElevated`, which turn `null` into the right 401 or 403.
     */
    identity: CallerIdentity | null
    /** The identity of a valid API key in `Authorization` (alone, or after a token and a comma). */
    apiKey: CallerIdentity | null
    /** Set when the header was missing or a part of it was refused. */
    authFailure: AuthFailure | null
  }
}

/** Longer values are not ours: refused without hashing. */
const MAX_CREDENTIAL_LENGTH = 2048

async function resolveToken(
  db: Kysely<Schema>,
  request: FastifyRequest,
  value: string,
  keyFallback: boolean,
) {
  const token = await lookupAccessToken(db, value)
  if (token.status === 'valid') {
    request.identity = { ...token.identity, via: 'accessToken', clientId: token.clientId }
    return
  }
  const maybeKey = keyFallback && !value.startsWith(ACCESS_TOKEN_PREFIX)
  if (token.status === 'unknown' && maybeKey && (await resolveKey(db, request, value))) {
    request.identity = request.apiKey
    return
  }
  request.authFailure = token.status
}

/**
 * Wrong API keys one client address may send: past it, that address's wrong keys are answered 429
 * (with `Retry-After`) instead of 401, telling the guesser to stop. Only failures count, after the
 * key was looked up: a right key works whatever others at its address got wrong (keys are 256-bit
 * random, or 32 characters at least in production, so the limit is not what makes them safe).
 * Unknown access tokens are no key guesses (a shopper's stale cookie): they are never counted.
 */
export const FAILED_CREDENTIALS_PER_ADDRESS: RateRule = {
  name: 'credential-address',
  max: 30,
  windowSeconds: 10 * 60,
}

async function resolveKey(db: Kysely<Schema>, request: FastifyRequest, value: string) {
  const identity = await lookupApiKey(db, value)
  if (identity) {
    request.apiKey = { ...identity, via: 'apiKey', clientId: null }
    return true
  }
  request.authFailure = 'unknown'
  // Counted as a failure (never released); throws the 429 once the address is past the limit.
  await takeAttempt(db, [{ rule: FAILED_CREDENTIALS_PER_ADDRESS, key: request.ip }])
  return false
}

/**
 * Resolves the `Authorization` header of every request before routing goes on: the raw access
 * token or API key (the provider's form, no `Bearer`; `Bearer <x>` is accepted too), or
 * `<access token>,<API key>` (the external-login form). Sets `request.identity`, `request.apiKey`
 * and `request.authFailure`; answers by itself only a 429, to a wrong key from an address past
 * {@link FAILED_CREDENTIALS_PER_ADDRESS}, so public routes work without a header.
 */
export function installCaller(app: FastifyInstance, db: Kysely<Schema>): void {
  app.decorateRequest('identity', null)
  app.decorateRequest('apiKey', null)
  app.decorateRequest('authFailure', null)
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization?.replace(/^bearer\s+/i, '').trim()
    if (!header) {
      request.authFailure = 'missing'
      return
    }
    const parts = header.split(',').map((part) => part.trim())
    if (parts.length > 2 || parts.some((part) => !part || part.length > MAX_CREDENTIAL_LENGTH)) {
      request.authFailure = 'unknown'
      return
    }
    if (parts.length === 1) return resolveToken(db, request, parts[0]!, true)
    await resolveToken(db, request, parts[0]!, false)
    await resolveKey(db, request, parts[1]!)
  })
}
