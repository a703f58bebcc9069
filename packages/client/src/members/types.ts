/**
 * Wire types of site members (wire-orders-members §2). Field names are the wire's (`id`,
 * `createdDate`, …); dates in responses are `Date`s. `profile.photo` stays a media object and member
 * addresses keep the wire's names: the provider converts neither.
 */

/** Which fields of a member an answer holds: `PUBLIC` (the default), `EXTENDED` or `FULL`. */
export type MemberFieldset = 'PUBLIC' | 'EXTENDED' | 'FULL'

/** A member's picture: their photo or their profile's cover. */
export interface MemberImage {
  id?: string
  url: string
  height: number
  width: number
  offsetX?: number
  offsetY?: number
}

/** A postal address of a member's contact. */
export interface MemberAddress {
  id?: string
  streetAddress?: { number?: string; name?: string }
  addressLine?: string
  addressLine2?: string
  city?: string
  subdivision?: string
  country?: string
  postalCode?: string
}

/** A member's contact details. Lists are replaced whole by an update; an empty list changes nothing. */
export interface MemberContact {
  firstName?: string
  lastName?: string
  phones?: string[]
  emails?: string[]
  addresses?: MemberAddress[]
  /** `YYYY-MM-DD`. */
  birthdate?: string
  company?: string
  jobTitle?: string
  customFields?: Record<string, { name?: string; value?: unknown }>
}

/** What others may see of a member. */
export interface MemberProfile {
  nickname?: string
  /** The member's page path; changed with `updateCurrentMemberSlug`, not by an update. */
  slug?: string
  photo?: MemberImage
  cover?: MemberImage
  title?: string
}

/** A site member, as the wire carries it. Which fields are present follows the fieldsets asked for. */
export interface Member {
  id?: string
  contactId?: string
  loginEmail?: string
  loginEmailVerified?: boolean
  /** `UNKNOWN` when the fieldsets do not include it. */
  status?: 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE'
  privacyStatus?: 'UNKNOWN' | 'PRIVATE' | 'PUBLIC'
  activityStatus?: 'UNKNOWN' | 'ACTIVE' | 'MUTED'
  contact?: MemberContact
  profile?: MemberProfile
  createdDate?: Date
  updatedDate?: Date
  lastLoginDate?: Date
  [key: string]: unknown
}

/** `{member}`: what `getCurrentMember` and `updateCurrentMemberSlug` answer. */
export interface MemberResponse {
  member: Member
}

/** The options of `getCurrentMember`. */
export interface GetCurrentMemberOptions {
  /** At most 3; default `['PUBLIC']`. Sent as one `fieldsets` parameter per value. */
  fieldsets?: MemberFieldset[]
}

/** The fields of a member that an update may change. */
export interface MemberUpdate {
  contact?: MemberContact
  profile?: Omit<MemberProfile, 'slug'>
  [key: string]: unknown
}
