import type { CallerIdentity } from '../../auth/caller.js'
import { escapeHtml } from './html.js'
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

const page = (title: string, content: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${content}</main></body></html>`

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
  const headers = [
    { key: 'Content-Type', value: 'text/html; charset=utf-8' },
    { key: 'Cache-Control', value: 'no-store' },
  ]
  if (!target)
    return {
      statusCode: 200,
      headers,
      body: Buffer.from(page('Signed out', '<p>You are signed out.</p>')).toString('base64'),
    }
  const link = `<p><a href="${escapeHtml(target)}">Continue</a></p>`
  return {
    statusCode: 302,
    headers: [{ key: 'Location', value: target }, ...headers],
    body: Buffer.from(page('Signed out', link)).toString('base64'),
  }
}
