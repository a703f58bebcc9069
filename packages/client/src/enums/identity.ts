/** Enumerations of the identity (IAM) API and of member login, as the wire spells them (SPEC §3, §4). */

import { enumeration } from './enumeration.js'

/** Status of an identity. */
export const IdentityStatus = /* @__PURE__ */ enumeration(
  'UNKNOWN_STATUS PENDING ACTIVE DELETED BLOCKED OFFLINE',
)
/** An {@link IdentityStatus} value. */
export type IdentityStatus = (typeof IdentityStatus)[keyof typeof IdentityStatus]

/** Why an identity is pending. */
export const StatusReason = /* @__PURE__ */ enumeration(
  'UNKNOWN_REASON PENDING_ADMIN_APPROVAL_REQUIRED PENDING_EMAIL_VERIFICATION_REQUIRED',
)
/** A {@link StatusReason} value. */
export type StatusReason = (typeof StatusReason)[keyof typeof StatusReason]

/** Kind of tenant an identity is connected to. */
export const TenantType = /* @__PURE__ */ enumeration('UNKNOWN_TENANT_TYPE ACCOUNT SITE ROOT')
/** A {@link TenantType} value. */
export type TenantType = (typeof TenantType)[keyof typeof TenantType]

/** Whether a member's profile is public. */
export const PrivacyStatus = /* @__PURE__ */ enumeration('UNDEFINED PUBLIC PRIVATE')
/** A {@link PrivacyStatus} value. */
export type PrivacyStatus = (typeof PrivacyStatus)[keyof typeof PrivacyStatus]

/** Tag of a profile e-mail address. */
export const EmailTag = /* @__PURE__ */ enumeration('UNTAGGED MAIN HOME WORK')
/** An {@link EmailTag} value. */
export type EmailTag = (typeof EmailTag)[keyof typeof EmailTag]

/** Tag of a profile phone number. */
export const PhoneTag = /* @__PURE__ */ enumeration('UNTAGGED MAIN HOME MOBILE WORK FAX')
/** A {@link PhoneTag} value. */
export type PhoneTag = (typeof PhoneTag)[keyof typeof PhoneTag]

/** Tag of a profile address. */
export const AddressTag = /* @__PURE__ */ enumeration('UNTAGGED HOME WORK BILLING SHIPPING')
/** An {@link AddressTag} value. */
export type AddressTag = (typeof AddressTag)[keyof typeof AddressTag]

/** Role of a refresh token: none (no tokens), an anonymous visitor or a member. */
export const TokenRole = /* @__PURE__ */ enumeration('none visitor member')
/** A {@link TokenRole} value. */
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole]

/** Where a verification code is sent. */
export const VerificationTarget = /* @__PURE__ */ enumeration('UNKNOWN_TARGET EMAIL')
/** A {@link VerificationTarget} value. */
export type VerificationTarget = (typeof VerificationTarget)[keyof typeof VerificationTarget]

/** State of a member login or registration, as the auth strategy reports it (SPEC §4). */
export const LoginState = /* @__PURE__ */ enumeration(
  'INITIAL SUCCESS FAILURE EMAIL_VERIFICATION_REQUIRED OWNER_APPROVAL_REQUIRED USER_CAPTCHA_REQUIRED SILENT_CAPTCHA_REQUIRED',
)
/** A {@link LoginState} value. */
export type LoginState = (typeof LoginState)[keyof typeof LoginState]

/** `state` of a login/register/verify/recover response (wire contract §5.3). */
export const StateMachineState = /* @__PURE__ */ enumeration(
  'UNKNOWN_STATE SUCCESS REQUIRE_OWNER_APPROVAL REQUIRE_EMAIL_VERIFICATION STATUS_CHECK REQUIRE_MISSING_FIELDS',
)
/** A {@link StateMachineState} value. */
export type StateMachineState = (typeof StateMachineState)[keyof typeof StateMachineState]
