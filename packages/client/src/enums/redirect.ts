/** Enumerations of the redirect-session API, as the wire spells them (SPEC §3). */

import { enumeration } from './enumeration.js'

/** Where a redirect leads: the owner's business page, an owner's custom page or a custom URL. */
export const LocationType = /* @__PURE__ */ enumeration('OWNER_BUSINESS OWNER_CUSTOM CUSTOM')
/** A {@link LocationType} value. */
export type LocationType = (typeof LocationType)[keyof typeof LocationType]

/** `prompt` of an `auth` redirect session (lowercase on the wire). */
export const Prompt = /* @__PURE__ */ enumeration('login none consent select_account')
/** A {@link Prompt} value. */
export type Prompt = (typeof Prompt)[keyof typeof Prompt]

/** Section of the hosted members account. */
export const MembersAccountSection = /* @__PURE__ */ enumeration(
  'ACCOUNT_INFO BOOKINGS ORDERS SUBSCRIPTIONS EVENTS',
)
/** A {@link MembersAccountSection} value. */
export type MembersAccountSection =
  (typeof MembersAccountSection)[keyof typeof MembersAccountSection]

/** Which flow a callback URL returns from. */
export const CallbackType = /* @__PURE__ */ enumeration('LOGOUT CHECKOUT AUTHORIZE')
/** A {@link CallbackType} value. */
export type CallbackType = (typeof CallbackType)[keyof typeof CallbackType]

/** Outcome of attaching pages or of a redirect session. */
export const Status = /* @__PURE__ */ enumeration('SUCCESS ERROR NO_ACTION')
/** A {@link Status} value. */
export type Status = (typeof Status)[keyof typeof Status]

/** {@link Status} as the redirect API reports it, with `UNKNOWN` for an unset value. */
export const RedirectStatus = /* @__PURE__ */ enumeration('UNKNOWN SUCCESS ERROR NO_ACTION')
/** A {@link RedirectStatus} value. */
export type RedirectStatus = (typeof RedirectStatus)[keyof typeof RedirectStatus]
