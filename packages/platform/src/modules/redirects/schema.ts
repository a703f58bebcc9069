import type { SecretKey } from '../../auth/secrets.js'

/* The redirect-session request (wire-contract §2) as the JSON schema lets it through. */

const text = (maxLength: number, minLength = 0) =>
  ({ type: 'string', maxLength, ...(minLength > 0 ? { minLength } : {}) }) as const
const object = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) }) as const
const url = text(2048, 1)

/** The OAuth authorization request of an `auth` session (PKCE S256, code flow). */
export interface AuthRequest {
  redirectUri: string
  clientId: string
  codeChallenge: string
  codeChallengeMethod: 'S256'
  responseMode?: 'fragment' | 'query' | 'web_message'
  responseType: 'code'
  scope?: string
  state: string
  sessionToken?: string
  idp?: string | { connectionId: string }
}

/**
 * An auth request as `redirect_sessions.request` keeps it: never the session token itself, only
 * its key bound to the request's client (`secretHash(sessionToken, clientId)`), which the
 * authorize page spends.
 */
export type StoredAuthRequest = Omit<AuthRequest, 'sessionToken'> & { sessionTokenKey?: SecretKey }

/** A redirect session's body as `redirect_sessions.request` keeps it (see {@link StoredAuthRequest}). */
export type StoredRedirectSession = Omit<RedirectSessionBody, 'auth'> & {
  auth?: Omit<NonNullable<RedirectSessionBody['auth']>, 'authRequest'> & {
    authRequest: StoredAuthRequest
  }
}

/** Where the hosted pages send the shopper back to. */
export interface Callbacks {
  thankYouPageUrl?: string
  postFlowUrl?: string
  loginUrl?: string
  bookingsServiceListUrl?: string
  cartPageUrl?: string
  planListUrl?: string
}

/** The body of `POST /_api/redirects-api/v1/redirect-session`: one intent and its options. */
export interface RedirectSessionBody {
  ecomCheckout?: { checkoutId: string }
  storesProduct?: { productSlug: string }
  login?: Record<string, never>
  logout?: { clientId: string }
  auth?: { authRequest: AuthRequest; prompt?: 'login' | 'none' | 'consent' | 'select_account' }
  bookingsCheckout?: object
  eventsCheckout?: object
  paidPlansCheckout?: object
  bookingsBook?: object
  ecomOrderPaymentRequest?: object
  callbacks?: Callbacks
  preferences?: {
    useGenericWixPages?: boolean
    maintainIdentity?: boolean
    additionalQueryParameters?: Record<string, string>
    checkIfPublish?: boolean
  }
  origin?: string
}

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
  callbacks: object({
    thankYouPageUrl: url,
    postFlowUrl: url,
    loginUrl: url,
    bookingsServiceListUrl: url,
    cartPageUrl: url,
    planListUrl: url,
  }),
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
