import type { CallerIdentity } from '../../auth/caller.js'
import { messagePage, newNonce, pagePolicy, renderPage } from '../../http/page.js'
import type { IdentityContext } from './identity-context.js'
import { requireAllowedRedirect } from './redirect-urls.js'
import { revokeMemberSessions } from './sessions.js'

/** What `v1/logout` answers: an HTTP response for the caller to relay (wire contract §5.2). */
export interface LogoutResponse {
  /** Base64 of the response body. */
  body: string
  statusCode: number
  headers: { key: string; value: string }[]
}

/**
 * `v1/logout`: ends the calling member's platform session (unspent session tokens, every refresh
 * token and its access tokens), then answers a redirect to `postLogoutRedirectUri` — which must be
 * on the client's allow-list — or a "signed out" page. A visitor or no caller only gets the page.
 */
export async function logout(
  ctx: IdentityContext,
  caller: CallerIdentity | null,
  query: { postLogoutRedirectUri?: string; clientId?: string },
): Promise<LogoutResponse> {
  const clientId = query.clientId || ctx.config.clientId
  const target =
    query.postLogoutRedirectUri &&
    (await requireAllowedRedirect(
      ctx.db.kysely,
      clientId,
      query.postLogoutRedirectUri,
      'postLogoutRedirectUri',
    ))
  if (caller?.type === 'MEMBER') await revokeMemberSessions(ctx.db.kysely, caller.id)
  const nonce = newNonce()
  const page = messagePage('Signed out', 'You are signed out.', { link: target })
  return {
    statusCode: target ? 302 : 200,
    headers: [
      ...(target ? [{ key: 'Location', value: target }] : []),
      { key: 'Content-Type', value: 'text/html; charset=utf-8' },
      { key: 'Cache-Control', value: 'no-store' },
      { key: 'Content-Security-Policy', value: pagePolicy(page, nonce) },
    ],
    body: Buffer.from(String(renderPage(page, nonce))).toString('base64'),
  }
}
