import type { LoginState, TokenRole } from '../enums/identity.js'
import type { Prompt } from '../enums/redirect.js'
import { ApiError, isApiError, TOKENS_UNAVAILABLE } from '../errors/api-error.js'
import { systemError } from '../errors/from-response.js'
import type { Endpoint } from '../http/endpoint.js'
import { createHttp, type Http } from '../http/pipeline.js'
import type { IdentityProfile } from '../identity/types.js'
import type { MemberFlows } from './member-flows.js'
import { memoryTokenStorage } from './storage/memory.js'
import type { AuthStrategy } from './strategy.js'
import type { RefreshToken, Tokens, TokenStorage } from './types.js'

/** What {@link OAuthStrategy} takes. */
export interface OAuthStrategyOptions {
  /** The OAuth app's client id (headless settings). */
  clientId: string
  /** Tokens to start from (e.g. restored by the app); they are written to the storage. */
  tokens?: Tokens
  /**
   * Where tokens live. Default: memory. See `browserTokenStorage`, `cookieTokenStorage`. A storage
   * written for the official client (`{ getTokens(), setTokens(tokens) }`) works as it is.
   */
  tokenStorage?: TokenStorage | OfficialTokenStorage
}

/** A token storage as the official client takes it. */
export interface OfficialTokenStorage {
  getTokens(): Tokens
  setTokens(tokens: Tokens): void
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
  /**
   * `Authorization: <access token>` (raw); renews or creates visitor tokens first when needed.
   * Rejects with an `ApiError` of code `TOKENS_UNAVAILABLE` when that fails for a passing reason.
   */
  getAuthHeaders(): Promise<{ headers: { Authorization: string } }>
  /**
   * Told by the client that the platform refused the access token in `headers.Authorization` (a
   * 401: revoked, swept after expiry, unknown): it no longer counts as valid (in memory only; the
   * storage is left as it is), so the next `getAuthHeaders` renews the tokens with the refresh
   * token, or else gets new visitor tokens. Returns `true` (the call may be sent again) when
   * there was a token.
   */
  refused(headers: Record<string, string>): boolean
  /**
   * Returns `tokens` while valid, else renews them, else (no refresh token, or one the server
   * refused: 400, 401) new visitor tokens; not stored. Any other failure (network, timeout, 429,
   * 5xx) rejects with an `ApiError` of code `TOKENS_UNAVAILABLE`, and no token call is made again
   * before the `Retry-After` the server asked for.
   */
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

const TOKEN: Endpoint = { method: 'POST', path: '/oauth2/token', idempotent: true }
/** Milliseconds a token call may take, retries included. */
const TOKEN_TIMEOUT = 10_000
/** Seconds before expiry at which a token counts as expired: clocks differ. */
const SKEW = 10

const seconds = () => Math.floor(Date.now() / 1000)
const empty = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
})
/** The token endpoint refused the grant (400 `invalid_grant`, 401): retrying cannot help. */
const refusedGrant = (error: unknown) =>
  isApiError(error) && (error.status === 400 || error.status === 401)

/** The member methods, loaded with `member-flows.ts` on first use (a separate chunk for bundlers). */
const MEMBER_METHODS = [
  'generateOAuthData',
  'getAuthUrl',
  'getMemberTokens',
  'getMemberTokensForDirectLogin',
  'login',
  'register',
  'processVerification',
  'sendPasswordResetEmail',
  'logout',
  'getMemberTokensForExternalLogin',
  'getMemberTokensForExternalLoginWithSession',
] as const satisfies readonly (keyof MemberFlows)[]

/** What the member flows use of their strategy. */
export interface StrategyCore {
  readonly clientId: string
  readonly storage: TokenStorage
  readonly strategy: OAuthStrategy
  /** The client's pipeline once attached, else one of the strategy's own on the provider host. */
  http(): Http
  /**
   * Calls `POST /oauth2/token` (no auth headers) and builds tokens of `role`. Rejects with an
   * `ApiError`: of code `TOKENS_UNAVAILABLE` unless the grant was refused (400, 401).
   */
  token(body: object, role: TokenRole, headers?: Record<string, string>): Promise<Tokens>
  /** Empty tokens, role `none`. */
  empty(): Tokens
}

/**
 * Visitors and members (SPEC §4, §5, §8): visitor tokens on first use, renewal a little before
 * expiry (single-flight: concurrent calls share one token request, and the tabs of a storage with
 * a `lock` one renewal), the role (`none`, `visitor`, `member`), OAuth redirects with PKCE, direct
 * login with the silent frame, and logout.
 *
 * Only a refused refresh token (400 `invalid_grant`, 401) ends a session, for a new visitor's.
 * Trouble (network, timeout, 429, 5xx) keeps the tokens: the token call is retried with back-off
 * (honouring `Retry-After`), then the waiting calls reject with an `ApiError` of code
 * `TOKENS_UNAVAILABLE`; they were not sent and may be repeated. An access token the platform
 * refuses (a 401: revoked, swept after expiry, unknown) is renewed the same way, and the refused
 * call sent again once.
 *
 * The member methods load their code on first call, so a shop's visitor pages do not download it.
 *
 * @example
 * const client = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId }) })
 * const { loginState, data } = await client.auth.login({ email, password })
 * if (loginState === 'SUCCESS') await client.auth.getMemberTokensForDirectLogin(data!.sessionToken!)
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId, tokenStorage: given = memoryTokenStorage() } = options
  const storage: TokenStorage =
    'get' in given
      ? given
      : { get: () => given.getTokens(), set: (tokens) => given.setTokens(tokens) }
  // Tokens that are empty, partial or foreign (`{}`: no cookie yet) are none: a new visitor.
  const whole = (tokens?: Partial<Tokens>) =>
    tokens?.accessToken && tokens.refreshToken ? (tokens as Tokens) : undefined
  const initial = whole(options.tokens)
  if (initial) storage.set(initial)
  let http: Http | undefined
  let renewal: Promise<Tokens> | undefined
  let flows: Promise<MemberFlows> | undefined
  /** The last passing failure of a token call, kept until the `Retry-After` it asked for. */
  let trouble: ApiError | undefined
  let troubleUntil = 0
  /** The last access token the platform refused (a 401): it is renewed, even if unexpired. */
  let stale: string | undefined

  const getTokens = () => whole(storage.get()) || empty()
  const fresh = (tokens: Partial<Tokens> | undefined) =>
    !!tokens?.accessToken?.value &&
    tokens.accessToken.value !== stale &&
    tokens.accessToken.expiresAt - SKEW > seconds()

  const core: StrategyCore = {
    clientId,
    storage,
    empty,
    http: () => (http ??= createHttp({ auth: strategy })),
    async token(body, role, headers) {
      try {
        const reply = await core.http().call<{
          access_token: string
          expires_in: number
          refresh_token: string
        }>(TOKEN, body, { auth: false, headers, timeout: TOKEN_TIMEOUT })
        return {
          accessToken: { value: reply.access_token, expiresAt: seconds() + reply.expires_in },
          refreshToken: { value: reply.refresh_token, role },
        }
      } catch (error) {
        const base = isApiError(error) ? error : systemError(0, undefined, undefined, error)
        throw new ApiError({
          ...base,
          // SPEC §7: a token call answered with an error reads `something went wrong`.
          message: base.status ? 'something went wrong' : base.message,
          // Trouble, not a refusal: no tokens for now, and the calls waiting were not sent.
          ...(!refusedGrant(base) && { code: TOKENS_UNAVAILABLE }),
          cause: error,
        })
      }
    },
    get strategy() {
      return strategy
    },
  }

  const renewNow = async (): Promise<Tokens> => {
    const tokens = getTokens()
    // Another tab renewed while this one waited for the storage's lock: its tokens are taken.
    if (fresh(tokens)) return tokens
    const { refreshToken } = tokens
    const next = await strategy.generateVisitorTokens({ refreshToken })
    const now = getTokens()
    // A logout, a login or another tab changed the tokens meanwhile: theirs win.
    if (now.refreshToken.value !== refreshToken.value) return fresh(now) ? now : renewNow()
    storage.set(next)
    return next
  }
  const renew = () => (storage.lock ? storage.lock(renewNow) : renewNow())

  const strategy = {
    attach: (client: Http) => void (http = client),

    async getAuthHeaders() {
      let tokens = getTokens()
      if (!fresh(tokens)) tokens = await (renewal ??= renew().finally(() => (renewal = undefined)))
      return { headers: { Authorization: tokens.accessToken.value } }
    },

    // Remembered here, not written to the storage as half a token set: a server and other tabs
    // may share it. Tokens replaced meanwhile (another call or tab renewed) stay valid.
    refused: (headers: Record<string, string>) => !!(stale = headers.Authorization),

    async generateVisitorTokens(tokens?: Partial<Tokens>) {
      if (fresh(tokens) && tokens?.refreshToken?.value) return tokens as Tokens
      if (Date.now() < troubleUntil) throw trouble
      const refreshToken = tokens?.refreshToken
      try {
        return await (refreshToken?.value
          ? strategy.renewToken(refreshToken)
          : core.token({ clientId, grantType: 'anonymous' }, 'visitor'))
      } catch (error) {
        // A refused refresh token (expired, revoked) ends the session: a new visitor's.
        if (refusedGrant(error) && refreshToken?.value) return strategy.generateVisitorTokens()
        // Trouble keeps it; no token call before the `Retry-After` (a refusal has none).
        trouble = error as ApiError
        troubleUntil = Date.now() + (trouble.retryAfter ?? 0) * 1000
        throw trouble
      }
    },

    async renewToken(refreshToken: RefreshToken) {
      const { accessToken } = await core.token(
        { clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' },
        refreshToken.role,
      )
      return { accessToken, refreshToken }
    },

    parseFromUrl(url?: string, responseMode?: ResponseMode): OAuthReturn {
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

    loggedIn: () => getTokens().refreshToken.role === 'member',
    getTokens,
    setTokens: (tokens: Tokens) => storage.set(whole(tokens) || empty()),
  } as OAuthStrategy

  for (const name of MEMBER_METHODS) {
    strategy[name] = (async (...args: unknown[]) => {
      const member = await (flows ??= import('./member-flows.js').then((m) => m.memberFlows(core)))
      return (member[name] as (...a: unknown[]) => unknown)(...args)
    }) as never
  }
  return strategy
}
