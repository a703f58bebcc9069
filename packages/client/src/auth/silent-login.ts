import type { Tokens } from './types.js'
import type { AuthUrlOptions, OAuthData } from './oauth-strategy.js'

/** Milliseconds the silent-login frame may take before `OAuth flow timed out` (SPEC §9). */
export const SILENT_LOGIN_TIMEOUT = 120000

/** The steps of an `OAuthStrategy` that a silent login runs. */
export interface SilentLoginFlow {
  generateOAuthData(redirectUri: string): Promise<OAuthData>
  getAuthUrl(oauthData: OAuthData, options: AuthUrlOptions): Promise<{ authUrl: string }>
  getMemberTokens(
    code: string | undefined,
    state: string | undefined,
    oauthData: OAuthData,
  ): Promise<Tokens>
}

/**
 * Browser only: exchanges the `sessionToken` of a successful login for member tokens without
 * leaving the page. Creates an auth redirect session (`POST /_api/redirects-api/v1/redirect-session`,
 * `prompt: 'none'`, `responseMode: 'web_message'`), loads its URL in a hidden frame and accepts
 * the one message that comes from that URL's origin, from the frame itself, with the right
 * `state`; then exchanges the code (`POST /oauth2/token`). The frame and listener are always
 * removed.
 *
 * @throws `Failed to get member tokens` when the hosted page answers with an error (`error`,
 * `errorDescription` and `cause` carry it); `OAuth flow timed out` after `timeout` ms.
 */
export async function silentLogin(
  flow: SilentLoginFlow,
  sessionToken: string,
  timeout = SILENT_LOGIN_TIMEOUT,
): Promise<Tokens> {
  if (typeof document === 'undefined' || typeof addEventListener !== 'function')
    throw new Error('Silent login needs a browser')
  const oauthData = await flow.generateOAuthData(location.origin)
  const { authUrl } = await flow.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'web_message',
    sessionToken,
  })
  const origin = new URL(authUrl).origin
  const frame = document.createElement('iframe')
  let onMessage: ((event: MessageEvent) => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let reply: Record<string, string | undefined>
  try {
    reply = await new Promise((resolve, reject) => {
      onMessage = ({ origin: from, source, data }: MessageEvent) => {
        // Any page may post to this window: only the hosted page in our frame is heard.
        if (from !== origin || !source || source !== frame.contentWindow) return
        if (data?.state !== oauthData.state) return
        if (data.error)
          reject(
            Object.assign(new Error('Failed to get member tokens', { cause: data }), {
              error: data.error,
              errorDescription: data.error_description,
            }),
          )
        else resolve(data)
      }
      timer = setTimeout(() => reject(new Error('OAuth flow timed out')), timeout)
      addEventListener('message', onMessage)
      frame.style.display = 'none'
      frame.src = authUrl
      document.body.appendChild(frame)
    })
  } finally {
    clearTimeout(timer)
    if (onMessage) removeEventListener('message', onMessage)
    frame.remove()
  }
  return flow.getMemberTokens(reply.code, reply.state, oauthData)
}
