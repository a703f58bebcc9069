import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import { clientAllowsOrigin } from '../redirects/allow-list.js'
import { safeHttpUrl } from '../../http/html.js'

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

/** `base` with `name=value` added to its query. */
export function withParam(base: string, name: string, value: string): string {
  const url = new URL(base)
  url.searchParams.set(name, value)
  return url.href
}
