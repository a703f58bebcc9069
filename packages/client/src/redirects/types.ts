/** Wire types of the redirect-session call. */
import type { Prompt } from '../enums/redirect.js'

/** The OAuth authorization request of an `auth` redirect session (PKCE, code flow). */
export interface RedirectAuthRequest {
  redirectUri: string
  clientId: string
  codeChallenge: string
  codeChallengeMethod: 'S256'
  /** How the code comes back: in the fragment, the query, or by `postMessage` (silent login). */
  responseMode: 'fragment' | 'query' | 'web_message'
  responseType: 'code'
  scope: 'offline_access'
  state: string
  /** A login's `sessionToken`: signs the member in without a form (with prompt `none`). */
  sessionToken?: string
  /** The identity provider to go straight to. */
  idp?: string | { connectionId: string }
}

/** The hosted flows a redirect session can lead to: exactly one per session. */
export interface RedirectIntents {
  bookingsCheckout: { slotAvailability?: Record<string, unknown>; timezone?: string }
  ecomCheckout: { checkoutId: string }
  eventsCheckout: { eventSlug: string; reservationId: string }
  paidPlansCheckout: { planId: string; checkoutData?: string }
  login: Record<string, never>
  logout: { clientId: string }
  auth: { authRequest: RedirectAuthRequest; prompt?: Prompt }
  storesProduct: { productSlug: string }
  bookingsBook: { resourceId?: string }
  ecomOrderPaymentRequest: { ecomOrderPaymentRequestId: string }
}

/** Where the hosted pages send the visitor back to. */
export interface RedirectCallbacks {
  thankYouPageUrl?: string
  postFlowUrl?: string
  loginUrl?: string
  bookingsServiceListUrl?: string
  cartPageUrl?: string
  planListUrl?: string
}

/** How the hosted pages behave. */
export interface RedirectPreferences {
  useGenericWixPages?: boolean
  maintainIdentity?: boolean
  additionalQueryParameters?: Record<string, string>
  checkIfPublish?: boolean
}

/** One intent of {@link RedirectIntents} and no other. */
export type RedirectIntent = {
  [K in keyof RedirectIntents]: Pick<RedirectIntents, K> & {
    [Other in Exclude<keyof RedirectIntents, K>]?: never
  }
}[keyof RedirectIntents]

/**
 * Body of `createRedirectSession`: one intent, plus callbacks and preferences.
 *
 * @example
 * { ecomCheckout: { checkoutId }, callbacks: { postFlowUrl: location.href } }
 */
export type RedirectSessionOptions = RedirectIntent & {
  callbacks?: RedirectCallbacks
  preferences?: RedirectPreferences
  origin?: string
}

/** A created redirect session: send the visitor to `fullUrl`. */
export interface RedirectSession {
  id: string
  fullUrl: string
  urlDetails: { endpoint: string; searchParams: Record<string, string> }
  /** Set for the login flows. */
  sessionToken?: string | null
  shortUrl: string
}
