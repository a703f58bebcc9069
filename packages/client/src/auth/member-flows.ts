import { isApiError } from '../errors/api-error.js'
import { loginV2, registerV2, signOn } from '../identity/authentication.js'
import { sendRecoveryEmail } from '../identity/recovery.js'
import type { StateMachineResponse } from '../identity/types.js'
import { verifyDuringAuthentication } from '../identity/verification.js'
import { createRedirectSession } from '../redirects/redirect-sessions.js'
import type {
  CaptchaTokens,
  LoginErrorCode,
  LoginResult,
  OAuthStrategy,
  StrategyCore,
} from './oauth-strategy.js'
import { generateChallenge, generateState, generateVerifier } from './pkce.js'
import { silentLogin } from './silent-login.js'
import type { Tokens } from './types.js'

/** The member methods of {@link OAuthStrategy}; the strategy loads this file on their first call. */
export type MemberFlows = Pick<
  OAuthStrategy,
  | 'generateOAuthData'
  | 'getAuthUrl'
  | 'getMemberTokens'
  | 'getMemberTokensForDirectLogin'
  | 'login'
  | 'register'
  | 'processVerification'
  | 'sendPasswordResetEmail'
  | 'logout'
  | 'getMemberTokensForExternalLogin'
  | 'getMemberTokensForExternalLoginWithSession'
>

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

const messageOf = (error: unknown) => String((error as Error)?.message ?? error)
/** The code of an application error (e.g. `-19995`), as `toApiError` read it; else ''. */
const applicationCode = (error: unknown) =>
  isApiError(error) && error.kind === 'application' ? error.code : ''
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

/** Builds the member methods over a strategy's core; `kept` is the login state machine (SPEC §4). */
export function memberFlows(core: StrategyCore): MemberFlows {
  const { clientId, storage, strategy } = core
  let kept: LoginResult = { loginState: 'INITIAL' }

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
    return core.token({ grant_type: 'authorized_client', ...body }, 'member', {
      Authorization: `${headers.Authorization},${apiKey}`,
    })
  }

  const flows: MemberFlows = {
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
      const { redirectSession } = await createRedirectSession(core.http())({
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

    async getMemberTokens(code, state, oauthData) {
      if (!code || !state) throw new Error('Missing code or _state')
      if (state !== oauthData.state) throw new Error('Invalid _state')
      let tokens: Tokens
      try {
        tokens = await core.token(
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

    getMemberTokensForDirectLogin: (sessionToken) => silentLogin(flows, sessionToken),

    async login({ email, password, captchaTokens }) {
      try {
        return state(
          await loginV2(core.http())(
            { email },
            { password, captchaTokens: captcha(captchaTokens) },
          ),
        )
      } catch (error) {
        return fail(error, LOGIN_CODES[applicationCode(error)] ?? 'invalidEmail')
      }
    },

    async register({ email, password, profile, captchaTokens }) {
      try {
        return state(
          await registerV2(core.http())(
            { email },
            { password, profile, captchaTokens: captcha(captchaTokens) },
          ),
        )
      } catch (error) {
        const invalid = isApiError(error)
          ? error.fieldViolations?.find((violation) => violation.data?.type === 'EMAIL')
          : undefined
        if (invalid) return fail(invalid.description || error, 'invalidEmail')
        return fail(error, REGISTER_CODES[applicationCode(error)])
      }
    },

    async processVerification(input) {
      if (kept.loginState !== 'EMAIL_VERIFICATION_REQUIRED')
        return { loginState: 'FAILURE', error: 'Unknown _state' }
      const code = 'verificationCode' in input ? input.verificationCode : input.code
      try {
        return state(
          await verifyDuringAuthentication(core.http())(code, {
            stateToken: kept.data?.stateToken ?? '',
          }),
        )
      } catch (error) {
        // A wrong code keeps the pending verification, so the visitor can try again.
        return fail(error)
      }
    },

    async sendPasswordResetEmail(email, redirectUri) {
      await sendRecoveryEmail(core.http())(email, { redirect: { url: redirectUri, clientId } })
    },

    async logout(originalUrl) {
      const { redirectSession } = await createRedirectSession(core.http())({
        logout: { clientId },
        callbacks: { postFlowUrl: originalUrl },
      })
      storage.set(core.empty())
      kept = { loginState: 'INITIAL' }
      return { logoutUrl: redirectSession.fullUrl }
    },

    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      external(apiKey, { scope: 'offline_access', member_id: memberId }),

    async getMemberTokensForExternalLoginWithSession(email, apiKey) {
      const { headers } = await strategy.getAuthHeaders()
      const { sessionToken, identity } = await signOn(core.http())({ email }, undefined, {
        headers: { Authorization: `${headers.Authorization},${apiKey}` },
      })
      return external(apiKey, { member_id: identity.id, session_token: sessionToken })
    },
  }
  return flows
}
