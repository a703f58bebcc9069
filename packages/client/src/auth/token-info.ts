import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'

/** Who a token stands for: a site visitor, a member, a user of the site's account or an app. */
export type SubjectType = 'VISITOR' | 'MEMBER' | 'APP' | 'USER' | 'UNKNOWN'

/** What {@link tokenInfo}'s `getTokenInfo` takes: the token to describe. */
export interface TokenInfoRequest {
  /** An access token, as the token endpoint issued it. */
  token: string
}

/**
 * What the provider says about a token (its OAuth 2 "Token Info"). `exp` and `iat` are seconds
 * since the epoch, int64 strings as on the wire. For a token that does not work (unknown, expired,
 * revoked), only `active: false` and `subjectType: 'UNKNOWN'`.
 */
export interface TokenInfo {
  /** Whether the token works: issued by the provider, not expired, not revoked. */
  active: boolean
  /** Who the token stands for; `UNKNOWN` for a token that does not work. */
  subjectType: SubjectType
  /**
   * The visitor's, member's, user's or app's id: a visitor's is the `buyerInfo.visitorId` of their
   * orders, a member's their `buyerInfo.memberId` and `getCurrentMember()`'s `member.id`.
   */
  subjectId?: string
  /** When the token expires. */
  exp?: string
  /** When the token was issued. */
  iat?: string
  /** The OAuth client the token was issued to. */
  clientId?: string
  /** The site the token is for (the provider sends it for a site's tokens). */
  siteId?: string
  /** The app instance the token is for (an app's tokens). */
  instanceId?: string
}

const TOKEN_INFO: Endpoint = { method: 'POST', path: '/oauth2/token-info', idempotent: true }

/**
 * OAuth 2 Token Info: who an access token stands for. For a server that is handed a shopper's
 * token and must know whose it is (e.g. to show an order only to its buyer). Pass it to
 * `createClient`'s `modules`; the call sends no auth headers (the token is the body).
 *
 * @example
 * const client = createClient({ modules: { tokenInfo }, auth: ApiKeyStrategy({ apiKey }) })
 * const info = await client.tokenInfo.getTokenInfo({ token: shopperAccessToken })
 * const mine = info.active && info.subjectId === order.buyerInfo?.visitorId
 */
export const tokenInfo = {
  /**
   * What `token` stands for; a token that does not work answers `active: false`, not an error.
   * Calls `POST /oauth2/token-info` with `{token}`.
   */
  getTokenInfo:
    (http: Http) =>
    async ({ token }: TokenInfoRequest, options?: CallOptions): Promise<TokenInfo> => {
      const info = await http.call<Partial<TokenInfo>>(
        TOKEN_INFO,
        { token },
        { ...options, auth: false },
      )
      // The wire leaves out a field at its default (proto3 JSON): `false` and `UNKNOWN`.
      return { ...info, active: info.active === true, subjectType: info.subjectType ?? 'UNKNOWN' }
    },
}
