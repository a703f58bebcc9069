import {
  authentication,
  createClient,
  OAuthStrategy,
  recovery,
  verification,
} from '@vitrine/client'
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
