import { createClient, OAuthStrategy, type OAuthStrategy as Strategy } from '@vitrine/client'
import { authentication, recovery, verification } from '@vitrine/client/identity'
import type { Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'

/** An e-mail as the dev mailbox's JSON shows it. */
export interface Mail {
  to: string
  subject: string
  kind: string
  code?: string
  link?: string
}

/** The dev mailbox of `to`, newest first. */
export async function readMailbox(baseUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/_vitrine/mailbox?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: Mail[] }).messages
}

/** A new shopper's client of the identity modules, as the storefront's OAuth client. */
export const identityClient = (baseUrl: string) =>
  createClient({
    modules: { authentication, recovery, verification },
    auth: OAuthStrategy({ clientId: 'demo-storefront' }),
    baseUrl,
  })

/**
 * A new active member of `email`, registered through the storefront's client: with the code from
 * the mailbox when the site asks for e-mail verification. Throws if it does not end signed in.
 */
export async function registerMember(baseUrl: string, email: string, password: string) {
  const client = identityClient(baseUrl)
  let result = await client.auth.register({ email, password })
  if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
    const [mail] = await readMailbox(baseUrl, email)
    result = await client.auth.processVerification({ code: mail?.code ?? '' })
  }
  if (result.loginState !== 'SUCCESS')
    throw new Error(`Registering ${email} ended in ${result.loginState}`)
}

/** The identity id of member `email` (throws when there is none). */
export async function memberIdentityId(db: Kysely<Schema>, email: string): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select('identity_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return row.identity_id
}

/** The redirect URI of the storefront's client that the tests sign in through. */
export const TEST_REDIRECT_URI = 'http://localhost:5173/callback'

/**
 * Takes member tokens into `auth` for `sessionToken` (a login's or a registration's) with the
 * authorization-code flow, as the hidden frame would: the silent authorize to `redirectUri`, which
 * must redirect with a code, then the code for tokens. Resolves with the tokens.
 */
export async function takeMemberTokens(
  auth: Strategy,
  sessionToken: string,
  redirectUri = TEST_REDIRECT_URI,
) {
  const oauthData = await auth.generateOAuthData(redirectUri)
  const { authUrl } = await auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  })
  const response = await fetch(authUrl, { redirect: 'manual' })
  const location = response.headers.get('location')
  if (response.status !== 302 || !location)
    throw new Error(`The silent authorize answered ${response.status}, not a redirect`)
  const { code, state, error } = auth.parseFromUrl(location, 'query')
  if (error) throw new Error(`The silent authorize answered ${error}`)
  return auth.getMemberTokens(code, state, oauthData)
}

/**
 * Registers `email` with `password` (the site must not ask for a code) and signs `auth` in as
 * that member: a login, then {@link takeMemberTokens}.
 */
export async function signInNewMember(
  auth: Strategy,
  email: string,
  password: string,
  redirectUri = TEST_REDIRECT_URI,
) {
  const registered = await auth.register({ email, password })
  if (registered.loginState !== 'SUCCESS')
    throw new Error(`Registering ${email} ended in ${registered.loginState}`)
  const login = await auth.login({ email, password })
  return takeMemberTokens(auth, login.data!.sessionToken!, redirectUri)
}
