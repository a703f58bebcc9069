/** Enumerations of the redirect-session API, as the wire spells them (SPEC §3). */

/** Where a redirect leads: the owner's business page, an owner's custom page or a custom URL. */
export const LocationType = {
  OWNER_BUSINESS: 'OWNER_BUSINESS',
  OWNER_CUSTOM: 'OWNER_CUSTOM',
  CUSTOM: 'CUSTOM',
} as const
/** A {@link LocationType} value. */
export type LocationType = (typeof LocationType)[keyof typeof LocationType]

/** `prompt` of an `auth` redirect session (lowercase on the wire). */
export const Prompt = {
  login: 'login',
  none: 'none',
  consent: 'consent',
  select_account: 'select_account',
} as const
/** A {@link Prompt} value. */
export type Prompt = (typeof Prompt)[keyof typeof Prompt]

/** Section of the hosted members account. */
export const MembersAccountSection = {
  ACCOUNT_INFO: 'ACCOUNT_INFO',
  BOOKINGS: 'BOOKINGS',
  ORDERS: 'ORDERS',
  SUBSCRIPTIONS: 'SUBSCRIPTIONS',
  EVENTS: 'EVENTS',
} as const
/** A {@link MembersAccountSection} value. */
export type MembersAccountSection =
  (typeof MembersAccountSection)[keyof typeof MembersAccountSection]

/** Which flow a callback URL returns from. */
export const CallbackType = {
  LOGOUT: 'LOGOUT',
  CHECKOUT: 'CHECKOUT',
  AUTHORIZE: 'AUTHORIZE',
} as const
/** A {@link CallbackType} value. */
export type CallbackType = (typeof CallbackType)[keyof typeof CallbackType]

/** Outcome of attaching pages or of a redirect session. */
export const Status = { SUCCESS: 'SUCCESS', ERROR: 'ERROR', NO_ACTION: 'NO_ACTION' } as const
/** A {@link Status} value. */
export type Status = (typeof Status)[keyof typeof Status]

/** {@link Status} as the redirect API reports it, with `UNKNOWN` for an unset value. */
export const RedirectStatus = {
  UNKNOWN: 'UNKNOWN',
  SUCCESS: 'SUCCESS',
  ERROR: 'ERROR',
  NO_ACTION: 'NO_ACTION',
} as const
/** A {@link RedirectStatus} value. */
export type RedirectStatus = (typeof RedirectStatus)[keyof typeof RedirectStatus]
