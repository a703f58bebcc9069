import { object, text, type FromSchema } from '../../http/schema.js'
import { sessionIdSchema } from '../redirects/index.js'

/** The grants of `POST /oauth2/token`. */
export const GRANT_TYPES = [
  'anonymous',
  'refresh_token',
  'authorization_code',
  'authorized_client',
] as const

const grant = { type: 'string', enum: GRANT_TYPES } as const

/**
 * The token request body. The provider's clients mix casings — camelCase for `anonymous`,
 * `refresh_token` and `authorization_code` (`clientId`, `grantType`, …), snake_case for
 * `authorized_client` (`grant_type`, `member_id`, …) — so both spellings of every field are read.
 */
export const tokenBodySchema = {
  type: 'object',
  properties: {
    grantType: grant,
    grant_type: grant,
    clientId: text(256),
    client_id: text(256),
    refreshToken: text(1024),
    refresh_token: text(1024),
    code: text(1024),
    codeVerifier: text(128),
    code_verifier: text(128),
    redirectUri: text(2048),
    redirect_uri: text(2048),
    scope: text(256),
    member_id: text(256),
    memberId: text(256),
    session_token: text(4096),
    sessionToken: text(4096),
  },
} as const

/** The body as the schema lets it through. */
export type TokenBody = FromSchema<typeof tokenBodySchema>

/** A token grant's answer (snake_case, as the provider's). */
export interface TokenResponse {
  access_token: string
  /** Seconds the access token is valid. */
  expires_in: number
  /** For a refresh grant, the refresh token that was sent: it is not rotated. */
  refresh_token: string
  token_type: 'Bearer'
}

/** `POST /oauth2/token-info`'s body: the token to describe, as long as a refresh token may be. */
export const tokenInfoBodySchema = object({ token: text(1024) }, ['token'])

/** A hosted page's `?session=<id>` (1–64 characters): a refused id is missing, never a JSON 400. */
export const sessionPage = {
  schema: { querystring: object({ session: sessionIdSchema }) },
  attachValidation: true,
}

/** Who a token stands for: a visitor, a member, the site's owner (`USER`) or an app. */
export type SubjectType = 'VISITOR' | 'MEMBER' | 'USER' | 'APP'

/**
 * `POST /oauth2/token-info`'s answer (the provider's camelCase). A live token's subject, its
 * OAuth client, and when it was issued and expires (seconds since the epoch, int64 as a string);
 * only `{active: false}` for any other token.
 */
export type TokenInfo =
  | {
      active: true
      subjectType: SubjectType
      /** The visitor's or member's id: an order's `buyerInfo.visitorId` or `buyerInfo.memberId`. */
      subjectId: string
      exp?: string
      iat: string
      clientId: string
    }
  | { active: false }
