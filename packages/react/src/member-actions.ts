import { useMutation } from '@tanstack/react-query'
import type {
  LoginResult,
  MemberLoginParams,
  MemberRegisterParams,
  OAuthData,
  Prompt,
} from '@vitrine/client'
import { useMemo } from 'react'
import type { VitrineClient } from './clients.js'
import { vitrineKeys } from './keys.js'
import { memberProfile, webStorage, type MemberProfile } from './members.js'
import { useVitrineClient } from './provider.js'

const OAUTH_KEY = 'vitrine-oauth'
const MEMBER_MUTATION = [...vitrineKeys.member(), 'mutation'] as const

/** Who registered or logged in and still has to enter the mailed code, per client. */
const awaitingCode = new WeakMap<VitrineClient, MemberProfile>()

/**
 * Carries a login state machine's answer on: on `SUCCESS`, exchanges its session token for member
 * tokens through the hidden frame (stored, so every query after it is the member's); on
 * `EMAIL_VERIFICATION_REQUIRED`, remembers who waits for the code.
 */
async function proceed(
  client: VitrineClient,
  result: LoginResult,
  profile: MemberProfile,
): Promise<LoginResult> {
  if (result.loginState === 'SUCCESS' && result.data?.sessionToken) {
    awaitingCode.delete(client)
    memberProfile.write(profile)
    await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken)
  } else if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') awaitingCode.set(client, profile)
  return result
}

/**
 * Logs a member in on the shop's own form. Resolves with the login state machine's answer
 * (`SUCCESS` once member tokens are in place, `EMAIL_VERIFICATION_REQUIRED`, or `FAILURE` with an
 * `errorCode`: show it with `describeError(result)`).
 */
export function useLogin() {
  const client = useVitrineClient()
  return useMutation({
    mutationKey: MEMBER_MUTATION,
    mutationFn: async (params: MemberLoginParams) =>
      proceed(client, await client.auth.login(params), { email: params.email }),
  })
}

/**
 * Registers a member. Resolves with `EMAIL_VERIFICATION_REQUIRED` when the site mails a code
 * (then call {@link useVerifyEmail}), `SUCCESS` (logged in), or `FAILURE` with an `errorCode`.
 */
export function useRegister() {
  const client = useVitrineClient()
  return useMutation({
    mutationKey: MEMBER_MUTATION,
    mutationFn: async (params: MemberRegisterParams) =>
      proceed(client, await client.auth.register(params), {
        email: params.email,
        ...(params.profile && { profile: params.profile }),
      }),
  })
}

/** Submits the mailed code of a registration or login; on `SUCCESS` the member is logged in. */
export function useVerifyEmail() {
  const client = useVitrineClient()
  return useMutation({
    mutationKey: MEMBER_MUTATION,
    mutationFn: async ({ code }: { code: string }) =>
      proceed(
        client,
        await client.auth.processVerification({ code }),
        awaitingCode.get(client) ?? {},
      ),
  })
}

/** Mails a password-reset link that leads to `redirectUrl` (default: the shop's home page). */
export function useSendPasswordReset() {
  const client = useVitrineClient()
  return useMutation({
    mutationFn: ({ email, redirectUrl }: { email: string; redirectUrl?: string }) =>
      client.auth.sendPasswordResetEmail(email, redirectUrl ?? `${location.origin}/`),
  })
}

/** Sets a new password with the token of a reset link. */
export function useResetPassword() {
  const client = useVitrineClient()
  return useMutation({
    mutationFn: async ({ recoveryToken, password }: { recoveryToken: string; password: string }) =>
      (await client.identity()).recovery.recover(recoveryToken, { password }),
  })
}

/** Changes the logged-in member's password. */
export function useChangePassword() {
  const client = useVitrineClient()
  return useMutation({
    mutationFn: async ({ newPassword }: { newPassword: string }) =>
      (await client.identity()).authentication.changePassword(newPassword),
  })
}

/**
 * Logs the member out: the local tokens are dropped (the next call is a new visitor's) and the
 * hosted logout page's URL is returned, to end the session on the platform too. The caller
 * navigates there; it leads back to `postFlowUrl`.
 */
export function useLogout() {
  const client = useVitrineClient()
  return useMutation({
    mutationKey: MEMBER_MUTATION,
    mutationFn: async ({ postFlowUrl }: { postFlowUrl: string }) => {
      const { logoutUrl } = await client.auth.logout(postFlowUrl)
      memberProfile.write(undefined)
      return { logoutUrl }
    },
  })
}

/** What {@link useHostedLogin}'s `start` takes. */
export interface HostedLoginStart {
  /** Where the hosted page returns to: a page of the shop that calls `complete()`. */
  redirectUri: string
  prompt?: Prompt
  /** Default: `location.assign`. */
  navigate?: (url: string) => void
}

/**
 * The hosted login page: `start` sends the visitor there (PKCE data kept in `sessionStorage`),
 * `complete` (on the `redirectUri` page) exchanges the returned code for member tokens and tells
 * where the visitor started from.
 */
export function useHostedLogin() {
  const client = useVitrineClient()
  return useMemo(
    () => ({
      async start({ redirectUri, prompt = 'login', navigate }: HostedLoginStart): Promise<void> {
        const oauthData = await client.auth.generateOAuthData(redirectUri, location.href)
        webStorage('sessionStorage')?.setItem(OAUTH_KEY, JSON.stringify(oauthData))
        const { authUrl } = await client.auth.getAuthUrl(oauthData, { prompt })
        ;(navigate ?? ((url: string) => location.assign(url)))(authUrl)
      },
      async complete(url: string = location.href): Promise<{ originalUri?: string }> {
        const returned = client.auth.parseFromUrl(url)
        if (returned.error) throw new Error(returned.errorDescription ?? returned.error)
        const storage = webStorage('sessionStorage')
        const raw = storage?.getItem(OAUTH_KEY)
        if (!raw) throw new Error('No hosted login is in progress in this tab')
        storage?.removeItem(OAUTH_KEY)
        const oauthData = JSON.parse(raw) as OAuthData
        memberProfile.write(undefined)
        await client.auth.getMemberTokens(returned.code, returned.state, oauthData)
        return { originalUri: oauthData.originalUri }
      },
    }),
    [client],
  )
}
