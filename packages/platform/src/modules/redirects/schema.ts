import type { SecretKey } from '../../auth/secrets.js'
import { object, text, type FromSchema, type Known } from '../../http/schema.js'

/* The redirect-session request (wire-contract §2) as the JSON schema lets it through. */

const url = text(2048, 1)

/** A redirect session's id, as the hosted pages take it (`?session=<id>`): 1–64 characters. */
export const sessionIdSchema = text(64, 1)

/** The OAuth authorization request of an `auth` session (PKCE S256, code flow). */
export type AuthRequest = FromSchema<typeof authRequest>

/**
 * An auth request as `redirect_sessions.request` keeps it: never the session token itself, only
 * its key bound to the request's client (`secretHash(sessionToken, clientId)`), which the
 * authorize page spends.
 */
export type StoredAuthRequest = Omit<Known<AuthRequest>, 'sessionToken'> & {
  sessionTokenKey?: SecretKey
}

/** A redirect session's body as `redirect_sessions.request` keeps it (see {@link StoredAuthRequest}). */
export type StoredRedirectSession = Omit<Known<RedirectSessionBody>, 'auth'> & {
  auth?: Omit<Known<NonNullable<RedirectSessionBody['auth']>>, 'authRequest'> & {
    authRequest: StoredAuthRequest
  }
}

/** Where the hosted pages send the shopper back to. */
export type Callbacks = FromSchema<typeof callbacks>

/** The body of `POST /_api/redirects-api/v1/redirect-session`: one intent and its options. */
export type RedirectSessionBody = FromSchema<typeof redirectSessionSchema>

/** Every intent of the request, in the provider's order. */
export const INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
] as const

/** One of {@link INTENTS}. */
export type Intent = (typeof INTENTS)[number]

const authRequest = object(
  {
    redirectUri: url,
    clientId: text(256, 1),
    codeChallenge: { type: 'string', pattern: '^[A-Za-z0-9_-]{43,128}$' },
    codeChallengeMethod: { type: 'string', enum: ['S256'] },
    responseMode: { type: 'string', enum: ['fragment', 'query', 'web_message'] },
    responseType: { type: 'string', enum: ['code'] },
    scope: text(256),
    state: text(512, 1),
    sessionToken: text(4096, 1),
    idp: {
      anyOf: [text(256, 1), object({ connectionId: text(256, 1) }, ['connectionId'])],
    },
  },
  ['redirectUri', 'clientId', 'codeChallenge', 'codeChallengeMethod', 'responseType', 'state'],
)

const callbacks = object({
  thankYouPageUrl: url,
  postFlowUrl: url,
  loginUrl: url,
  bookingsServiceListUrl: url,
  cartPageUrl: url,
  planListUrl: url,
})

/** The JSON schema of the body. */
export const redirectSessionSchema = object({
  ecomCheckout: object({ checkoutId: text(64, 1) }, ['checkoutId']),
  storesProduct: object({ productSlug: text(256, 1) }, ['productSlug']),
  login: { type: 'object' },
  logout: object({ clientId: text(256, 1) }, ['clientId']),
  auth: object(
    {
      authRequest,
      prompt: { type: 'string', enum: ['login', 'none', 'consent', 'select_account'] },
    },
    ['authRequest'],
  ),
  bookingsCheckout: { type: 'object' },
  eventsCheckout: { type: 'object' },
  paidPlansCheckout: { type: 'object' },
  bookingsBook: { type: 'object' },
  ecomOrderPaymentRequest: { type: 'object' },
  callbacks,
  preferences: object({
    useGenericWixPages: { type: 'boolean' },
    maintainIdentity: { type: 'boolean' },
    additionalQueryParameters: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: text(1024),
    },
    checkIfPublish: { type: 'boolean' },
  }),
  origin: text(2048),
})
