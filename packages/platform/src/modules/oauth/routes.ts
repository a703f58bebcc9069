import type { FastifyRequest } from 'fastify'
import { requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import type { SchemaApp } from '../../http/schema.js'
import { authorizationCodeGrant } from './codes.js'
import {
  tokenBodySchema,
  tokenInfoBodySchema,
  type TokenBody,
  type TokenInfo,
  type TokenResponse,
} from './schema.js'
import { anonymousGrant, authorizedClientGrant, refreshGrant, tokenInfo } from './service.js'

const required = <T extends string>(field: string, value: T | undefined): T => {
  if (!value) throw PlatformError.invalid(field, 'is required', 'REQUIRED_FIELD')
  return value
}

/** `authorized_client` needs `Authorization: <access token>,<admin key>`. */
function externalLoginCaller(request: FastifyRequest) {
  const caller = requireIdentity(request)
  if (caller.via !== 'accessToken')
    throw PlatformError.unauthorized(
      'authorized_client needs Authorization: <visitor access token>,<API key>',
    )
  if (!request.apiKey) throw PlatformError.unauthorized('Invalid API key')
  return caller
}

function grant(ctx: PlatformContext, body: TokenBody, request: FastifyRequest) {
  const grantType = required('grantType', body.grantType ?? body.grant_type)
  const clientId = () => required('clientId', body.clientId ?? body.client_id)
  switch (grantType) {
    case 'anonymous':
      return anonymousGrant(ctx, clientId(), request.ip)
    case 'refresh_token':
      return refreshGrant(
        ctx,
        clientId(),
        required('refreshToken', body.refreshToken ?? body.refresh_token),
      )
    case 'authorized_client':
      return authorizedClientGrant(
        ctx,
        externalLoginCaller(request),
        required('member_id', body.member_id ?? body.memberId),
        body.session_token ?? body.sessionToken,
      )
    case 'authorization_code':
      return authorizationCodeGrant(ctx, {
        clientId: clientId(),
        redirectUri: required('redirectUri', body.redirectUri ?? body.redirect_uri),
        code: required('code', body.code),
        codeVerifier: required('codeVerifier', body.codeVerifier ?? body.code_verifier),
      })
  }
}

/**
 * `POST /oauth2/token`: grants `anonymous`, `refresh_token`, `authorized_client` and
 * `authorization_code` (PKCE, codes of `/_vitrine/authorize`). Always 200 with
 * `{access_token, expires_in, refresh_token, token_type}` on success, never cached.
 *
 * `POST /oauth2/token-info` `{token}`: who an access token stands for ({@link tokenInfo}), 200
 * even for a dead token, never cached. No Authorization: the token is in the body. Not rate
 * limited: a token is 256 random bits, so counting wrong ones protects nothing, and a shop's
 * server asks for all its shoppers from one address.
 */
export function oauthRoutes(app: SchemaApp, ctx: PlatformContext): void {
  app.post(
    '/oauth2/token',
    { schema: { body: tokenBodySchema } },
    async (request, reply): Promise<TokenResponse> => {
      const tokens = await grant(ctx, request.body, request)
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
      return tokens
    },
  )

  app.post(
    '/oauth2/token-info',
    { schema: { body: tokenInfoBodySchema } },
    async (request, reply): Promise<TokenInfo> => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
      return tokenInfo(ctx, request.body.token)
    },
  )
}
