import type { LoginState, TokenRole } from '../enums/identity.js'
import type { Prompt } from '../enums/redirect.js'
import { ApiError, isApiError } from '../errors/api-error.js'
import type { Endpoint } from '../http/endpoint.js'
import { createHttp, type Http } from '../http/pipeline.js'
import { loginV2, registerV2, signOn } from '../identity/authentication.js'
import { sendRecoveryEmail } from '../identity/recovery.js'
import type { IdentityProfile, StateMachineResponse } from '../identity/types.js'
import { verifyDuringAuthentication } from '../identity/verification.js'
import { createRedirectSession } from '../redirects/redirect-sessions.js'
import { generateChallenge, generateState, generateVerifier } from './pkce.js'
import { silentLogin } from './silent-login.js'
import { memoryTokenStorage } from './storage/memory.js'
import type { AuthStrategy } from './strategy.js'
import type { RefreshToken, Tokens, TokenStorage } from './types.js'

/** What {@link OAuthStrategy} takes. */
export interface OAuthStrategyOptions {
  /** The OAuth app's client id (headless settings). */
  clientId: string
  /** Tokens to start from (e.g. restored by the app); they are written to the storage. */
  tokens?: Tokens
  /** Where tokens live. Default: memory. See `browserTokenStorage`, `cookieTokenStorage`. */
  tokenStorage?: TokenStorage
}

/** PKCE and state of one OAuth redirect: keep it (e.g. in `sessionStorage`) until the return. */
export interface OAuthData {
  codeVerifier: string
  codeChallenge: string
  state: string
  redirectUri: string
  originalUri?: string
}

/** How the authorization answer comes back. */
export type ResponseMode = 'fragment' | 'query' | 'web_message'

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** Default `login`. */
  prompt?: Prompt
  /** Default `fragment`. */
  responseMode?: ResponseMode
  /** The session token of a login done in the app (silent login). */
  sessionToken?: string
}

/** What `getAuthUrl` returns. */
export interface AuthUrl {
  /** The hosted login page to send the visitor to. */
  authUrl: string
  authorizationEndpoint: string
  sessionToken?: string
}

/** The parameters of an OAuth return URL. */
export interface OAuthReturn {
  code?: string
  state?: string
  error?: string
  errorDescription?: string
}

/** Captcha answers for login and registration. */
export interface CaptchaTokens {
  recaptchaToken?: string
  invisibleRecaptchaToken?: string
}

/** What `login` takes. */
export interface MemberLoginParams {
  email: string
  password: string
  captchaTokens?: CaptchaTokens
}

/** What `register` takes. */
export interface MemberRegisterParams extends MemberLoginParams {
  profile?: IdentityProfile
}

/** Why a login or registration failed (SPEC §8). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidPassword'
  | 'resetPassword'

/**
 * The login state machine's answer (SPEC §4). On `SUCCESS`, pass `data.sessionToken` to
 * `getMemberTokensForDirectLogin`; on `EMAIL_VERIFICATION_REQUIRED`, call `processVerification`.
 * Failures are returned, not thrown.
 */
export interface LoginResult {
  loginState: LoginState
  data?: { sessionToken?: string; stateToken?: string }
  error?: string
  errorCode?: LoginErrorCode
}

/** A visitor's or member's authentication: tokens, OAuth redirects and direct login. */
export interface OAuthStrategy extends AuthStrategy {
  /** `Authorization: <access token>` (raw); renews or creates visitor tokens first when needed. */
  getAuthHeaders(): Promise<{ headers: { Authorization: string } }>
  /** Returns `tokens` while valid, else renews them, else new visitor tokens (not stored). */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>
  /** A new access token for `refreshToken`, which is kept. Calls `POST /oauth2/token`. */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>
  /** PKCE verifier, challenge and state for an OAuth redirect. */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>
  /** The hosted login URL. Calls `POST /_api/redirects-api/v1/redirect-session`. */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<AuthUrl>
  /** Reads `code`, `state`, `error`, `error_description` of a return URL (default: the page's). */
  parseFromUrl(url?: string, responseMode?: ResponseMode): OAuthReturn
  /** Exchanges a returned code for member tokens and stores them. Calls `POST /oauth2/token`. */
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthData,
  ): Promise<Tokens>
  /** Browser only: member tokens for a login's session token, through a hidden frame; stored. */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>
  /** Logs a member in by e-mail. Calls `POST /_api/iam/authentication/v2/login`. */
  login(params: MemberLoginParams): Promise<LoginResult>
  /** Registers a member. Calls `POST /_api/iam/authentication/v2/register`. */
  register(params: MemberRegisterParams): Promise<LoginResult>
  /** Submits the e-mailed code. Calls `POST /_api/iam/verification/v1/auth/verify`. */
  processVerification(input: { verificationCode: string } | { code: string }): Promise<LoginResult>
  /** Sends a password-reset e-mail. Calls `POST /_api/iam/recovery/v1/send-email`. */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>
  /** True when the refresh token's role is `member`. */
  loggedIn(): boolean
  /** Clears the tokens and returns the hosted logout URL. Calls `POST …/redirect-session`. */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>
  /** The current tokens (empty values and role `none` when there are none). */
  getTokens(): Tokens
  /** Replaces the tokens, e.g. with ones restored by the app. */
  setTokens(tokens: Tokens): void
  /**
   * Server only (API key): member tokens for `memberId`, not stored. Calls `POST /oauth2/token`
   * with `Authorization: <visitor access token>,<apiKey>`.
   */
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>
  /**
   * Server only (API key): signs the member with `email` on (`POST …/v2/sign-on`), then gets
   * their tokens (`POST /oauth2/token`), not stored.
   */
  getMemberTokensForExternalLoginWithSession(email: string, apiKey: string): Promise<Tokens>
}

const TOKEN: Endpoint = { method: 'POST', path: '/oauth2/token' }
/** Seconds before expiry at which a token is renewed: clocks and networks are not exact. */
const SKEW = 10
const LOGIN_CODES: Record<string, LoginErrorCode> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
}
const REGISTER_CODES: Record<string, LoginErrorCode> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
}

interface ErrorDetails {
  applicationError?: { code?: unknown }
  validationError?: { fieldViolations?: { description?: string; data?: { type?: unknown } }[] }
}

const seconds = () => Math.floor(Date.now() / 1000)
const empty = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
})
const fresh = (tokens: Partial<Tokens> | undefined) =>
  !!tokens?.accessToken?.value && tokens.accessToken.expiresAt - SKEW > seconds()
const messageOf = (error: unknown) => String((error as Error)?.message ?? error)
const detailsOf = (error: unknown) =>
  isApiError(error) ? (error.details as ErrorDetails | undefined) : undefined
const fail = (error: unknown, errorCode?: LoginErrorCode): LoginResult => ({
  loginState: 'FAILURE',
  error: messageOf(error),
  ...(errorCode && { errorCode }),
})
const captcha = (tokens: CaptchaTokens = {}) => {
  const list = [
    tokens.recaptchaToken && { Recaptcha: tokens.recaptchaToken },
    tokens.invisibleRecaptchaToken && { InvisibleRecaptcha: tokens.invisibleRecaptchaToken },
  ].filter((token) => !!token)
  return list.length ? list : undefined
}

/**
 * The auth strategy of storefronts: anonymous visitor tokens at first, member tokens after a
 * login. Tokens are renewed a little before they expire, by one shared token request however many
 * calls need it.
 *
 * @example
 * const client = createClient({
 *   modules: { currentCart },
 *   auth: OAuthStrategy({ clientId: 'my-client-id', tokenStorage: browserTokenStorage() }),
 * })
 * const { loginState, data } = await client.auth.login({ email, password })
 * if (loginState === 'SUCCESS') await client.auth.getMemberTokensForDirectLogin(data!.sessionToken!)
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId, tokenStorage: storage = memoryTokenStorage() } = options
  if (options.tokens) storage.set(options.tokens)
  let http: Http | undefined
  let renewal: Promise<Tokens> | undefined
  let kept: LoginResult = { loginState: 'INITIAL' }

  const pipeline = () => (http ??= createHttp({ auth: strategy }))
  const getTokens = () => storage.get() ?? empty()

  const token = async (
    body: object,
    role: TokenRole,
    headers?: Record<string, string>,
  ): Promise<Tokens> => {
    try {
      const reply = await pipeline().call<{
        access_token: string
        expires_in: number
        refresh_token: string
      }>(TOKEN, body, { auth: false, headers })
      return {
        accessToken: { value: reply.access_token, expiresAt: seconds() + reply.expires_in },
        refreshToken: { value: reply.refresh_token, role },
      }
    } catch (error) {
      // SPEC §7: a refused token call reads `something went wrong`; the request id stays.
      throw isApiError(error) && error.status
        ? new ApiError({ ...error, message: 'something went wrong', cause: error })
        : error
    }
  }

  const renew = async (): Promise<Tokens> => {
    const { refreshToken } = getTokens()
    const next = await strategy.generateVisitorTokens({ refreshToken })
    const now = getTokens()
    // A logout, a login or another tab changed the tokens meanwhile: theirs win.
    if (now.refreshToken.value !== refreshToken.value) return fresh(now) ? now : renew()
    storage.set(next)
    return next
  }

  const state = (reply: StateMachineResponse | undefined): LoginResult =>
    (kept =
      reply?.state === 'SUCCESS' && reply.sessionToken
        ? { loginState: 'SUCCESS', data: { sessionToken: reply.sessionToken } }
        : reply?.state === 'REQUIRE_OWNER_APPROVAL'
          ? { loginState: 'OWNER_APPROVAL_REQUIRED' }
          : reply?.state === 'REQUIRE_EMAIL_VERIFICATION'
            ? { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: reply.stateToken } }
            : { loginState: 'FAILURE', error: 'Unknown _state' })

  const external = async (apiKey: string, body: object) => {
    const { headers } = await strategy.getAuthHeaders()
    return token({ grant_type: 'authorized_client', ...body }, 'member', {
      Authorization: `${headers.Authorization},${apiKey}`,
    })
  }

  const strategy: OAuthStrategy = {
    attach: (client) => void (http = client),

    async getAuthHeaders() {
      let tokens = getTokens()
      if (!fresh(tokens)) tokens = await (renewal ??= renew().finally(() => (renewal = undefined)))
      return { headers: { Authorization: tokens.accessToken.value } }
    },

    async generateVisitorTokens(tokens) {
      if (fresh(tokens) && tokens?.refreshToken?.value) return tokens as Tokens
      if (tokens?.refreshToken?.value)
        try {
          return await strategy.renewToken(tokens.refreshToken)
        } catch {
          // A refused refresh token (expired, revoked) falls back to a new visitor.
        }
      return token({ clientId, grantType: 'anonymous' }, 'visitor')
    },

    async renewToken(refreshToken) {
      const { accessToken } = await token(
        { clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' },
        refreshToken.role,
      )
      return { accessToken, refreshToken }
    },

    async generateOAuthData(redirectUri, originalUri) {
      const codeVerifier = generateVerifier()
      return {
        codeVerifier,
        codeChallenge: await generateChallenge(codeVerifier),
        state: await generateState(),
        redirectUri,
        originalUri,
      }
    },

    async getAuthUrl(
      oauthData,
      { prompt = 'login', responseMode = 'fragment', sessionToken } = {},
    ) {
      const { redirectSession } = await createRedirectSession(pipeline())({
        auth: {
          authRequest: {
            redirectUri: oauthData.redirectUri,
            clientId,
            codeChallenge: oauthData.codeChallenge,
            codeChallengeMethod: 'S256',
            responseMode,
            responseType: 'code',
            scope: 'offline_access',
            state: oauthData.state,
            sessionToken,
          },
          prompt,
        },
      })
      return {
        authUrl: redirectSession.fullUrl,
        authorizationEndpoint: redirectSession.urlDetails.endpoint,
        sessionToken: redirectSession.sessionToken ?? undefined,
      }
    },

    parseFromUrl(url, responseMode) {
      const { hash, searchParams } = new URL(url ?? location.href)
      const fragment = new URLSearchParams(hash.slice(1))
      const params =
        responseMode === 'query' ||
        (!responseMode && !fragment.has('state') && !fragment.has('error'))
          ? searchParams
          : fragment
      const read = (name: string) => params.get(name) ?? undefined
      return {
        code: read('code'),
        state: read('state'),
        error: read('error'),
        errorDescription: read('error_description'),
      }
    },

    async getMemberTokens(code, state, oauthData) {
      if (!code || !state) throw new Error('Missing code or _state')
      if (state !== oauthData.state) throw new Error('Invalid _state')
      let tokens: Tokens
      try {
        tokens = await token(
          {
            clientId,
            grantType: 'authorization_code',
            redirectUri: oauthData.redirectUri,
            code,
            codeVerifier: oauthData.codeVerifier,
          },
          'member',
        )
      } catch (error) {
        throw new Error('Failed to get member tokens', { cause: error })
      }
      storage.set(tokens)
      return tokens
    },

    getMemberTokensForDirectLogin: (sessionToken) => silentLogin(strategy, sessionToken),

    async login({ email, password, captchaTokens }) {
      try {
        return state(
          await loginV2(pipeline())({ email }, { password, captchaTokens: captcha(captchaTokens) }),
        )
      } catch (error) {
        const code = String(detailsOf(error)?.applicationError?.code)
        return fail(error, LOGIN_CODES[code] ?? 'invalidEmail')
      }
    },

    async register({ email, password, profile, captchaTokens }) {
      try {
        return state(
          await registerV2(pipeline())(
            { email },
            { password, profile, captchaTokens: captcha(captchaTokens) },
          ),
        )
      } catch (error) {
        const details = detailsOf(error)
        const violations = details?.validationError?.fieldViolations
        const invalid = Array.isArray(violations)
          ? violations.find((violation) => violation?.data?.type === 'EMAIL')
          : undefined
        if (invalid) return fail(invalid.description ?? error, 'invalidEmail')
        return fail(error, REGISTER_CODES[String(details?.applicationError?.code)])
      }
    },

    async processVerification(input) {
      if (kept.loginState !== 'EMAIL_VERIFICATION_REQUIRED')
        return { loginState: 'FAILURE', error: 'Unknown _state' }
      const code = 'verificationCode' in input ? input.verificationCode : input.code
      try {
        return state(
          await verifyDuringAuthentication(pipeline())(code, {
            stateToken: kept.data?.stateToken ?? '',
          }),
        )
      } catch (error) {
        // A wrong code keeps the pending verification, so the visitor can try again.
        return fail(error)
      }
    },

    async sendPasswordResetEmail(email, redirectUri) {
      await sendRecoveryEmail(pipeline())(email, { redirect: { url: redirectUri, clientId } })
    },

    loggedIn: () => getTokens().refreshToken.role === 'member',

    async logout(originalUrl) {
      const { redirectSession } = await createRedirectSession(pipeline())({
        logout: { clientId },
        callbacks: { postFlowUrl: originalUrl },
      })
      storage.set(empty())
      kept = { loginState: 'INITIAL' }
      return { logoutUrl: redirectSession.fullUrl }
    },

    getTokens,
    setTokens: (tokens) => storage.set(tokens),

    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      external(apiKey, { scope: 'offline_access', member_id: memberId }),

    async getMemberTokensForExternalLoginWithSession(email, apiKey) {
      const { headers } = await strategy.getAuthHeaders()
      const { sessionToken, identity } = await signOn(pipeline())({ email }, undefined, {
        headers: { Authorization: `${headers.Authorization},${apiKey}` },
      })
      return external(apiKey, { member_id: identity.id, session_token: sessionToken })
    },
  }
  return strategy
}
