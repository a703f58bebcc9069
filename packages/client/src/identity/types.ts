/** Wire types of the identity calls (authentication, recovery, verification). */
import type { Address } from '../cart/types.js'
import type {
  AddressTag,
  EmailTag,
  IdentityStatus,
  PhoneTag,
  PrivacyStatus,
  StateMachineState,
  StatusReason,
  VerificationTarget,
} from '../enums/identity.js'

/** Who logs in or registers: `{email}`. */
export interface LoginId {
  email: string
}

/**
 * A custom-field value. Only the top-level `dateValue` and `numValue` of a profile's custom fields
 * and of `additionalData` are decoded; nested list and map values arrive as the wire sends them.
 */
export interface CustomValue {
  strValue?: string
  numValue?: number
  dateValue?: Date
  listValue?: { value?: unknown[] }
  mapValue?: { value?: Record<string, unknown> }
}

/** A member's profile. Fields the spec names are typed; others pass through. */
export interface IdentityProfile {
  firstName?: string
  lastName?: string
  nickname?: string
  picture?: string
  secondaryEmails?: { email?: string; tag?: EmailTag }[]
  phonesV2?: { countryCode?: string; phone?: string; tag?: PhoneTag }[]
  labels?: string[]
  language?: string
  privacyStatus?: PrivacyStatus
  customFields?: { name?: string; value?: CustomValue }[]
  addresses?: { address?: Address; tag?: AddressTag }[]
  company?: string
  position?: string
  birthdate?: string
  [key: string]: unknown
}

/** How an identity signs in: an identity-provider or an authenticator connection. */
export interface IdentityConnection {
  idpConnection?: { idpConnectionId?: string; subject?: string }
  authenticatorConnection?: { authenticatorConnectionId?: string; reEnrollmentRequired?: boolean }
  [key: string]: unknown
}

/** A site member's identity (wire contract §5.3). */
export interface Identity {
  id?: string
  revision?: string
  createdDate?: Date
  updatedDate?: Date
  connections?: IdentityConnection[]
  identityProfile?: IdentityProfile
  metadata?: { tags?: string[]; [key: string]: unknown }
  email?: { address?: string; isVerified?: boolean }
  status?: { name?: IdentityStatus; reasons?: StatusReason[] }
  factors?: { factorId?: string; type?: string; status?: string; [key: string]: unknown }[]
  [key: string]: unknown
}

/** A captcha answer. The capitalised keys are the wire's own. */
export interface CaptchaToken {
  Recaptcha?: string
  InvisibleRecaptcha?: string
  NoCaptcha?: string
  recaptchaForClientSiteKey?: { token?: string; siteKeyId?: string }
}

/** What login, register, recover and verify answer: the next step of the login state machine. */
export interface StateMachineResponse {
  state: StateMachineState
  /** Set on `SUCCESS`: exchange it for member tokens. */
  sessionToken?: string
  /** Set when a further step is needed (e.g. `REQUIRE_EMAIL_VERIFICATION`). */
  stateToken?: string
  identity?: Identity
  additionalData?: Record<string, CustomValue>
}

/** Options of `registerV2`. */
export interface RegisterV2Options {
  password?: string
  profile?: IdentityProfile
  captchaTokens?: CaptchaToken[]
  clientMetaData?: Record<string, string>
}

/** Options of `loginV2`. */
export interface LoginV2Options {
  password?: string
  captchaTokens?: CaptchaToken[]
  clientMetaData?: Record<string, string>
  stateToken?: string
}

/** Options of `signOn`. */
export interface SignOnOptions {
  profile?: IdentityProfile
  verifyEmail?: boolean
  mergeExistingContact?: boolean
}

/** What `signOn` answers. */
export interface SignOnResponse {
  sessionToken: string
  identity: Identity
}

/** Query of `logout`. */
export interface LogoutOptions {
  postLogoutRedirectUri?: string
  clientId?: string
}

/** What `logout` answers: an HTTP response to relay, its `body` decoded to bytes. */
export interface LogoutResponse {
  body?: Uint8Array
  statusCode?: number
  headers?: { key?: string; value?: string }[]
}

/** What `validateEmail` answers. */
export interface ValidateEmailResponse {
  valid?: boolean
  failure?: { reason?: string }
  formatInvalid?: boolean
}

/** A named input of a v1 login or registration (e.g. a password). */
export interface AuthenticatorInput {
  name?: string
  value?: string
}

/** Body of the v1 `register`. */
export interface RegisterParams {
  identity?: Identity
  authenticatorId?: string
  inputs?: AuthenticatorInput[]
  captchaTokens?: CaptchaToken[]
}

/** Body of the v1 `login`. */
export interface LoginParams {
  identifier?: { email?: string; [key: string]: unknown }
  authenticatorId?: string
  inputs?: AuthenticatorInput[]
  captchaTokens?: CaptchaToken[]
  loginId?: LoginId
}

/** Where a recovery or activation e-mail links to. */
export interface EmailRedirect {
  url: string
  clientId: string
}

/** Options of `sendRecoveryEmail`. */
export interface SendRecoveryEmailOptions {
  language?: string
  redirect?: EmailRedirect
}

/** Options of `sendActivationEmail`. */
export interface SendActivationEmailOptions {
  emailOptions?: { language?: string; redirect?: EmailRedirect }
}

/** Options of `recover`. */
export interface RecoverOptions {
  /** The new password. */
  password?: string
}

/** Options of verification `start`. */
export interface StartVerificationOptions {
  identityId?: string
  target?: VerificationTarget
}
