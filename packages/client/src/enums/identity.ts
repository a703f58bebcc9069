/** Enumerations of the identity (IAM) API and of member login, as the wire spells them (SPEC §3, §4). */

/** Status of an identity. */
export const IdentityStatus = {
  UNKNOWN_STATUS: 'UNKNOWN_STATUS',
  PENDING: 'PENDING',
  ACTIVE: 'ACTIVE',
  DELETED: 'DELETED',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
} as const
/** An {@link IdentityStatus} value. */
export type IdentityStatus = (typeof IdentityStatus)[keyof typeof IdentityStatus]

/** Why an identity is pending. */
export const StatusReason = {
  UNKNOWN_REASON: 'UNKNOWN_REASON',
  PENDING_ADMIN_APPROVAL_REQUIRED: 'PENDING_ADMIN_APPROVAL_REQUIRED',
  PENDING_EMAIL_VERIFICATION_REQUIRED: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
} as const
/** A {@link StatusReason} value. */
export type StatusReason = (typeof StatusReason)[keyof typeof StatusReason]

/** Kind of tenant an identity is connected to. */
export const TenantType = {
  UNKNOWN_TENANT_TYPE: 'UNKNOWN_TENANT_TYPE',
  ACCOUNT: 'ACCOUNT',
  SITE: 'SITE',
  ROOT: 'ROOT',
} as const
/** A {@link TenantType} value. */
export type TenantType = (typeof TenantType)[keyof typeof TenantType]

/** Whether a member's profile is public. */
export const PrivacyStatus = {
  UNDEFINED: 'UNDEFINED',
  PUBLIC: 'PUBLIC',
  PRIVATE: 'PRIVATE',
} as const
/** A {@link PrivacyStatus} value. */
export type PrivacyStatus = (typeof PrivacyStatus)[keyof typeof PrivacyStatus]

/** Tag of a profile e-mail address. */
export const EmailTag = { UNTAGGED: 'UNTAGGED', MAIN: 'MAIN', HOME: 'HOME', WORK: 'WORK' } as const
/** An {@link EmailTag} value. */
export type EmailTag = (typeof EmailTag)[keyof typeof EmailTag]

/** Tag of a profile phone number. */
export const PhoneTag = {
  UNTAGGED: 'UNTAGGED',
  MAIN: 'MAIN',
  HOME: 'HOME',
  MOBILE: 'MOBILE',
  WORK: 'WORK',
  FAX: 'FAX',
} as const
/** A {@link PhoneTag} value. */
export type PhoneTag = (typeof PhoneTag)[keyof typeof PhoneTag]

/** Tag of a profile address. */
export const AddressTag = {
  UNTAGGED: 'UNTAGGED',
  HOME: 'HOME',
  WORK: 'WORK',
  BILLING: 'BILLING',
  SHIPPING: 'SHIPPING',
} as const
/** An {@link AddressTag} value. */
export type AddressTag = (typeof AddressTag)[keyof typeof AddressTag]

/** Role of a refresh token: none (no tokens), an anonymous visitor or a member. */
export const TokenRole = { none: 'none', visitor: 'visitor', member: 'member' } as const
/** A {@link TokenRole} value. */
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole]

/** Where a verification code is sent. */
export const VerificationTarget = { UNKNOWN_TARGET: 'UNKNOWN_TARGET', EMAIL: 'EMAIL' } as const
/** A {@link VerificationTarget} value. */
export type VerificationTarget = (typeof VerificationTarget)[keyof typeof VerificationTarget]

/** State of a member login or registration, as the auth strategy reports it (SPEC §4). */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const
/** A {@link LoginState} value. */
export type LoginState = (typeof LoginState)[keyof typeof LoginState]

/** `state` of a login/register/verify/recover response (wire contract §5.3). */
export const StateMachineState = {
  UNKNOWN_STATE: 'UNKNOWN_STATE',
  SUCCESS: 'SUCCESS',
  REQUIRE_OWNER_APPROVAL: 'REQUIRE_OWNER_APPROVAL',
  REQUIRE_EMAIL_VERIFICATION: 'REQUIRE_EMAIL_VERIFICATION',
  STATUS_CHECK: 'STATUS_CHECK',
  REQUIRE_MISSING_FIELDS: 'REQUIRE_MISSING_FIELDS',
} as const
/** A {@link StateMachineState} value. */
export type StateMachineState = (typeof StateMachineState)[keyof typeof StateMachineState]
