import type { PlatformContext } from '../../context.js'
import type { RedirectSessionBody } from '../redirects/schema.js'
import { revokeMemberSessions } from '../identity/sessions.js'
import { platformSessionMember, revokePlatformSessions } from './platform-session.js'
import { sha256 } from '../../auth/secrets.js'

/** What the logout page answers: a redirect to an allowed post-flow URL, or a plain page. */
export type LogoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'page'; status: number; title: string; message: string }

const originOf = (value: string | undefined): string | undefined => {
  try {
    const url = new URL(value ?? '')
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

/** The live `logout` redirect session `id`'s client and post-flow URL. */
async function loadLogoutSession(ctx: PlatformContext, id: unknown) {
  if (typeof id !== 'string' || !id || id.length > 64) return undefined
  const row = await ctx.db.kysely
    .selectFrom('redirect_sessions')
    .select(['request', 'client_id', 'expires_at'])
    .where('id', '=', id)
    .where('intent', '=', 'logout')
    .executeTakeFirst()
  if (!row || row.expires_at <= new Date().toISOString()) return undefined
  const body = JSON.parse(row.request) as RedirectSessionBody
  return { clientId: row.client_id, postFlowUrl: body.callbacks?.postFlowUrl }
}

/**
 * `GET /_vitrine/logout?session=<id>`: ends the platform session of cookie value `cookie` — the
 * member's platform sessions, unspent session tokens, refresh tokens and their access tokens
 * (as identity's `v1/logout`) — then redirects to the session's `callbacks.postFlowUrl` only when
 * its origin is (still) on the client's allow-list; else a "signed out" page. An unknown or
 * expired session still ends the platform session, but redirects nowhere.
 */
export async function hostedLogout(
  ctx: PlatformContext,
  sessionId: unknown,
  cookie: string | undefined,
): Promise<LogoutOutcome> {
  const db = ctx.db.kysely
  const member = await platformSessionMember(db, cookie)
  if (member) {
    await revokePlatformSessions(db, member)
    await revokeMemberSessions(db, member)
  } else if (cookie) {
    await db
      .updateTable('platform_sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('token_hash', '=', sha256(cookie))
      .where('revoked_at', 'is', null)
      .execute()
  }
  const signedOut = {
    kind: 'page',
    status: 200,
    title: 'Signed out',
    message: 'You are signed out.',
  } as const
  const session = await loadLogoutSession(ctx, sessionId)
  if (!session)
    return {
      ...signedOut,
      status: 400,
      message: 'You are signed out. This sign-out link is unknown or has expired.',
    }
  const origin = originOf(session.postFlowUrl)
  if (!origin || !session.postFlowUrl) return signedOut
  const allowed = await db
    .selectFrom('oauth_client_origins')
    .select('origin')
    .where('client_id', '=', session.clientId)
    .where('origin', '=', origin)
    .executeTakeFirst()
  return allowed ? { kind: 'redirect', url: session.postFlowUrl } : signedOut
}
