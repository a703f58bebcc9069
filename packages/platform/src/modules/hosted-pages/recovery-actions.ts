import type { Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import { safeHttpUrl } from '../../http/html.js'
import {
  isValidEmail,
  recover,
  recoveryTokenKind,
  sendRecoveryEmail,
  type IdentityContext,
  type RecoveryKind,
  type StateMachineResponse,
} from '../identity/index.js'
import { humanError } from './messages.js'

/** A site the platform knows: an origin on an OAuth client's allow-list, and the client's name. */
export interface KnownSite {
  origin: string
  name: string
}

/** `value` when it is exactly an origin some OAuth client may redirect to, with its name. */
export async function knownSite(
  db: Kysely<Schema>,
  value: string | undefined,
): Promise<KnownSite | undefined> {
  const url = safeHttpUrl(value)
  if (!url || new URL(url).origin !== value) return undefined
  const row = await db
    .selectFrom('oauth_client_origins')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_client_origins.client_id')
    .select(['oauth_client_origins.origin', 'oauth_clients.name'])
    .where('oauth_client_origins.origin', '=', value)
    .orderBy('oauth_client_origins.client_id')
    .executeTakeFirst()
  return row && { origin: row.origin, name: row.name }
}

/** What a posted recovery form leads to. */
export type RecoveryOutcome =
  /** The new-password form again, with `error`. */
  | { kind: 'form'; status: number; linkKind: RecoveryKind; error: string }
  /** The link no longer works (or the request form failed: `error`, `email`). */
  | { kind: 'dead'; status: number; error?: string; email?: string }
  /** The password is set; `message` says what the member can do now. */
  | { kind: 'done'; message: string }
  /** A new link was mailed, if the e-mail has an account. */
  | { kind: 'sent' }

/** The identity services as the recovery page uses them (no OAuth client: nothing signs in). */
const identity = (ctx: PlatformContext): IdentityContext => ({ ...ctx, clientId: null })

const dead = (): RecoveryOutcome => ({ kind: 'dead', status: 400 })

/** What a member can do once the password is set, by the state recover answered. */
function doneMessage(response: StateMachineResponse): string {
  if (response.state === 'REQUIRE_OWNER_APPROVAL')
    return 'Your password is set. You can sign in once the shop owner approves your account.'
  if (response.state === 'STATUS_CHECK')
    return 'Your password is set, but this account is blocked. Please contact the shop.'
  return 'Your password is set. You can sign in now.'
}

/**
 * Sets the password of a live link with `recover` (the same rules, single use even concurrently,
 * the member's sessions ended). Two different passwords or a broken rule give the form again; a
 * link that is dead, or was spent meanwhile, the dead-link page.
 */
export async function setNewPassword(
  ctx: PlatformContext,
  fields: { recoveryToken?: string; password?: string; confirm?: string },
): Promise<RecoveryOutcome> {
  const token = fields.recoveryToken ?? ''
  const linkKind = token ? await recoveryTokenKind(ctx.db.kysely, token) : undefined
  if (!linkKind) return dead()
  const password = fields.password ?? ''
  if (password !== (fields.confirm ?? ''))
    return { kind: 'form', status: 400, linkKind, error: 'The two passwords are not the same.' }
  try {
    return { kind: 'done', message: doneMessage(await recover(identity(ctx), token, password)) }
  } catch (error) {
    if (error instanceof PlatformError && error.applicationError?.code === 'INVALID_RECOVERY_TOKEN')
      return dead()
    const human = humanError(error)
    if (!human) throw error
    return { kind: 'form', status: human.status, linkKind, error: human.message }
  }
}

/**
 * Mails a new recovery link to `email` (leading back to `site`), answering the same whether the
 * e-mail has an account or not, as `recovery/send-email` does.
 */
export async function requestNewLink(
  ctx: PlatformContext,
  email: string,
  site: KnownSite | undefined,
): Promise<RecoveryOutcome> {
  const address = email.trim()
  if (!isValidEmail(address))
    return {
      kind: 'dead',
      status: 400,
      error: 'Enter a valid e-mail address, like name@example.com.',
      email: address,
    }
  await sendRecoveryEmail(identity(ctx), address, site && { site: site.origin })
  return { kind: 'sent' }
}
