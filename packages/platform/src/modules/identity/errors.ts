import { PlatformError } from '../../http/platform-error.js'

/** The provider's application error codes of SPEC §8, produced by the identity routes. */
export const IDENTITY_CODES = {
  emailAlreadyExists: '-19995',
  invalidPassword: '-19976',
  resetPassword: '-19973',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
} as const

/** A factory of the application error `code`, answered with `status`. */
const fail = (status: number, code: string, message: string) => () =>
  PlatformError.application(status, code, message)

/** The identity errors, each in the provider's format. */
export const identityErrors = {
  /** `-19995`: registering an e-mail that already has a member. */
  emailAlreadyExists: fail(
    409,
    IDENTITY_CODES.emailAlreadyExists,
    'A member with this e-mail already exists',
  ),
  /**
   * `-19976`: the e-mail or the password is wrong. One message for both, so a login does not
   * tell whether an e-mail has a member.
   */
  invalidPassword: fail(
    401,
    IDENTITY_CODES.invalidPassword,
    'The e-mail or the password is incorrect',
  ),
  /** `-19973`: the member has no password (signed on or SSO): reset it first. */
  resetPassword: fail(
    401,
    IDENTITY_CODES.resetPassword,
    'This account has no password yet: reset the password to set one',
  ),
  /** `-19971`: the site requires a captcha and none came. */
  missingCaptchaToken: fail(400, IDENTITY_CODES.missingCaptchaToken, 'A captcha token is required'),
  /** `-19970`: the captcha token is not valid (forged, expired or already used). */
  invalidCaptchaToken: fail(
    400,
    IDENTITY_CODES.invalidCaptchaToken,
    'The captcha token is not valid',
  ),
  /** A state token that is unknown, expired, finished or of another step. */
  invalidStateToken: fail(
    400,
    'INVALID_STATE_TOKEN',
    'The state token is unknown or has expired: log in again',
  ),
  /** A wrong verification code; the code stays valid while `attemptsLeft` > 0. */
  invalidCode: (attemptsLeft: number) =>
    PlatformError.application(
      400,
      'INVALID_VERIFICATION_CODE',
      'The verification code is not correct',
      { attemptsLeft },
    ),
  /** The code expired, was used, or had too many wrong guesses: a new one must be sent. */
  codeExpired: (why: string) =>
    PlatformError.application(
      400,
      'VERIFICATION_CODE_EXPIRED',
      `The verification code is no longer valid (${why}): request a new code`,
    ),
  /** A recovery or activation token that is unknown, expired or used. */
  invalidRecoveryToken: fail(
    400,
    'INVALID_RECOVERY_TOKEN',
    'The recovery link is invalid or has expired: request a new one',
  ),
  /** An operation that needs a member (change password, verification start) by someone else. */
  memberRequired: () => PlatformError.forbidden('This call needs a logged-in member'),
  /** No member with that identity id. */
  memberNotFound: (id: string) =>
    PlatformError.application(404, 'MEMBER_NOT_FOUND', `No member with id "${id}"`),
  /** The member is blocked or deleted. */
  memberBlocked: fail(403, 'MEMBER_BLOCKED', 'This member is blocked or deleted'),
  /** The member waits for an e-mail verification or the owner's approval. */
  memberPending: fail(
    403,
    'MEMBER_PENDING',
    "This member waits for an e-mail verification or the owner's approval",
  ),
}
