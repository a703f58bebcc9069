import type { Kysely } from 'kysely'
import type { CallerIdentity } from '../../auth/caller.js'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { safeHttpUrl } from '../../http/html.js'
import { PlatformError, violation, type FieldViolation } from '../../http/platform-error.js'
import type { RedirectSessionBody } from './schema.js'

/** The OAuth client whose allow-list a session is checked against, and where it came from. */
export interface SessionClient {
  id: string
  /** The request field that named it (`auth.authRequest.clientId`, `logout.clientId`), if any. */
  field: string | null
  /** Its allowed origins (`oauth_client_origins`). */
  origins: Set<string>
}

/** The client of a session: the one `auth` or `logout` names, else the caller's token's. */
export function sessionClientId(
  ctx: PlatformContext,
  caller: CallerIdentity,
  body: RedirectSessionBody,
): { id: string; field: string | null } {
  if (body.auth) return { id: body.auth.authRequest.clientId, field: 'auth.authRequest.clientId' }
  if (body.logout) return { id: body.logout.clientId, field: 'logout.clientId' }
  return { id: caller.clientId ?? ctx.config.clientId, field: null }
}

/** The client `named` with its origins, or the violations that refuse it (unknown, foreign). */
export async function loadClient(
  ctx: PlatformContext,
  caller: CallerIdentity,
  named: { id: string; field: string | null },
): Promise<SessionClient | FieldViolation> {
  const field = named.field ?? 'clientId'
  const client = await ctx.db.kysely
    .selectFrom('oauth_clients')
    .select('id')
    .where('id', '=', named.id)
    .executeTakeFirst()
  if (!client) return violation(field, `is not a known OAuth client: "${named.id}"`)
  if (named.field && caller.clientId && caller.clientId !== named.id)
    return violation(field, 'must be the OAuth client of the access token')
  return { ...named, origins: await clientOrigins(ctx.db.kysely, named.id) }
}

/** The origins on OAuth client `clientId`'s allow-list (`oauth_client_origins`). */
export async function clientOrigins(db: Kysely<Schema>, clientId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('oauth_client_origins')
    .select('origin')
    .where('client_id', '=', clientId)
    .execute()
  return new Set(rows.map((row) => row.origin))
}

/** Whether `origin` is on OAuth client `clientId`'s allow-list. */
export async function clientAllowsOrigin(
  db: Kysely<Schema>,
  clientId: string,
  origin: string,
): Promise<boolean> {
  return (await clientOrigins(db, clientId)).has(origin)
}

/** The origin of `value` when it is an absolute http(s) URL. */
export const originOf = (value: string | undefined): string | undefined => {
  const url = safeHttpUrl(value)
  return url && new URL(url).origin
}

/** A space or a control character: no URL a page redirects to may hold one (nor a header). */
const UNSAFE = /[\s\p{Cc}]/u

/**
 * The URLs of the request the hosted pages would send the shopper to (`auth.authRequest
 * .redirectUri`, every `callbacks.*`) that hold spaces or control characters, or are not absolute
 * http(s) URLs on the client's allow-list, as field violations.
 */
export function urlViolations(client: SessionClient, body: RedirectSessionBody): FieldViolation[] {
  const urls: [string, string][] = Object.entries(body.callbacks ?? {}).map(([key, value]) => [
    `callbacks.${key}`,
    String(value),
  ])
  if (body.auth) urls.unshift(['auth.authRequest.redirectUri', body.auth.authRequest.redirectUri])
  return urls.flatMap(([field, value]): FieldViolation[] => {
    if (UNSAFE.test(value))
      return [violation(field, 'must not hold spaces or control characters', 'FORMAT')]
    const origin = originOf(value)
    if (!origin) return [violation(field, 'must be an absolute http(s) URL', 'FORMAT')]
    if (client.origins.has(origin)) return []
    return [violation(field, `is not on the allow-list of client "${client.id}": ${origin}`)]
  })
}

/**
 * `url` if it is an http(s) URL on an origin OAuth client `clientId` may redirect to (its
 * allow-list, `oauth_client_origins`); a 400 on `field` otherwise. Links the platform mails or
 * redirects to only go to the storefront, never to a page an attacker chose.
 */
export async function requireAllowedRedirect(
  db: Kysely<Schema>,
  clientId: string,
  url: string,
  field: string,
): Promise<string> {
  const safe = safeHttpUrl(url)
  const allowed = safe && (await clientAllowsOrigin(db, clientId, new URL(safe).origin))
  if (!safe || !allowed)
    throw PlatformError.invalid(field, `is not an allowed redirect of client "${clientId}"`)
  return safe
}
