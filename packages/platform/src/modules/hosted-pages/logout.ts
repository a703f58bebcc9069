import { findIdentity } from '../../auth/identities.js'
import type { PlatformContext } from '../../context.js'
import { transaction } from '../../db/transaction.js'
import { platformSessionMember, signOutEverywhere } from '../identity/index.js'
import { clientAllowsOrigin, loadRedirectSession, originOf } from '../redirects/index.js'

/** What the logout page answers: a redirect to an allowed post-flow URL, or a plain page. */
export type LogoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'page'; status: number; title: string; message: string }

/**
 * The live `logout` redirect session `id`'s client, post-flow URL, and the member who asked for
 * it (the session was created with their access token), if a member did.
 */
async function loadLogoutSession(ctx: PlatformContext, id: string | undefined) {
  const db = ctx.db.kysely
  const session = await loadRedirectSession(db, id, 'logout')
  if (!session?.live) return undefined
  const caller = session.identityId ? await findIdentity(db, session.identityId) : undefined
  return {
    clientId: session.clientId,
    postFlowUrl: session.request.callbacks?.postFlowUrl,
    member: caller?.type === 'MEMBER' ? caller.id : undefined,
  }
}

/**
 * `GET /_vitrine/logout?session=<id>`: signs the member who asked for the logout (the session
 * was created with their access token, by the client's `logout()`) out everywhere, as
 * `v1/logout` does (identity's `signOutEverywhere`), then redirects to the session's
 * `callbacks.postFlowUrl` only when its origin is (still) on the client's allow-list; else a
 * "signed out" page. The platform session cookie (value `cookie`) signs no one out by itself:
 * browsers send it from any site, so a foreign page cannot end a member's session. It is cleared
 * (`clearCookie`) when it was that member's, or is dead anyway. An unknown or expired session
 * signs nobody out.
 */
export async function hostedLogout(
  ctx: PlatformContext,
  sessionId: string | undefined,
  cookie: string | undefined,
): Promise<LogoutOutcome & { clearCookie: boolean }> {
  const db = ctx.db.kysely
  const session = await loadLogoutSession(ctx, sessionId)
  const cookieMember = await transaction(ctx.db, async (trx) => {
    if (session?.member) await signOutEverywhere(trx, session.member)
    return platformSessionMember(trx, cookie)
  })
  const clearCookie = !cookieMember
  const page = (status: number, title: string, message: string) =>
    ({ kind: 'page', status, title, message, clearCookie }) as const
  if (!session)
    return page(
      400,
      'Not signed out',
      'This sign-out link is unknown or has expired. Sign out again from the shop.',
    )
  const signedOut = page(200, 'Signed out', 'You are signed out.')
  const origin = originOf(session.postFlowUrl)
  if (!origin || !session.postFlowUrl || session.clientId === null) return signedOut
  return (await clientAllowsOrigin(db, session.clientId, origin))
    ? { kind: 'redirect', url: new URL(session.postFlowUrl).href, clearCookie }
    : signedOut
}
