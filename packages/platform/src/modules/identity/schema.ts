import { flag, list, object, text, type FromSchema } from '../../http/schema.js'

/*
 * JSON schemas of the public identity calls (wire contract §5.2) and the bodies they let through.
 * E-mail formats are checked in code, to answer the provider's `EMAIL` field violation.
 */

const token = text(4096)

/** A new password: 6 to 100 characters. */
export const PASSWORD_RULES = { minLength: 6, maxLength: 100 } as const
const newPassword = { type: 'string', ...PASSWORD_RULES } as const
/** A password being checked: any length a password could have had. */
const givenPassword = text(1000)

const email = { type: 'string' } as const
const loginId = object({ email }, ['email'])

const captchaTokens = list(
  object({
    Recaptcha: token,
    InvisibleRecaptcha: token,
    NoCaptcha: token,
    recaptchaForClientSiteKey: object({ token, siteKeyId: text(256) }),
  }),
  5,
)

/** A member's profile: the named fields typed, others kept as sent. */
export const profileSchema = {
  ...object({
    firstName: text(200),
    lastName: text(200),
    nickname: text(200),
    picture: text(2048),
    language: text(20),
    company: text(200),
    position: text(200),
    birthdate: text(40),
    labels: list(text(200), 50),
    customFields: list({ type: 'object' }, 100),
    addresses: list({ type: 'object' }, 20),
  }),
  maxProperties: 50,
} as const

const clientMetaData = { type: 'object', maxProperties: 50 } as const
const input = object({ name: text(100), value: text(1000) })
const inputs = list(input, 10)
const redirect = object({ url: text(2048), clientId: text(256) })

/** Bodies and queries of the public identity routes. */
export const identitySchemas = {
  registerV2: object(
    { loginId, password: newPassword, profile: profileSchema, captchaTokens, clientMetaData },
    ['loginId', 'password'],
  ),
  loginV2: object(
    { loginId, password: givenPassword, captchaTokens, clientMetaData, stateToken: token },
    ['loginId'],
  ),
  registerV1: object(
    {
      identity: object(
        {
          email: object({ address: { type: 'string' } }, ['address']),
          identityProfile: profileSchema,
        },
        ['email'],
      ),
      authenticatorId: text(100),
      inputs,
      captchaTokens,
    },
    ['identity'],
  ),
  loginV1: object({
    identifier: object({ email }),
    loginId: object({ email }),
    authenticatorId: text(100),
    inputs,
    captchaTokens,
  }),
  changePassword: object({ newPassword }, ['newPassword']),
  signOn: object(
    { loginId, profile: profileSchema, verifyEmail: flag, mergeExistingContact: flag },
    ['loginId'],
  ),
  logout: object({ postLogoutRedirectUri: text(2048), clientId: text(256) }),
  validateEmail: object({ email }, ['email']),
  proceed: object({ stateToken: token }, ['stateToken']),
  sso: object(
    {
      idpConnectionId: text(256),
      tokenParams: { type: 'object', maxProperties: 20, additionalProperties: text(16384) },
    },
    ['idpConnectionId', 'tokenParams'],
  ),
  sendRecoveryEmail: object({ email, language: text(20), redirect }, ['email']),
  sendActivationEmail: object(
    { identityId: text(256), emailOptions: object({ language: text(20), redirect }) },
    ['identityId'],
  ),
  recover: object({ recoveryToken: token, password: newPassword }, ['recoveryToken']),
  startVerification: object({
    identityId: text(256),
    target: { type: 'string', enum: ['UNKNOWN_TARGET', 'EMAIL'] },
  }),
  verify: object({ code: text(32), stateToken: token }, ['code', 'stateToken']),
  resend: object({ stateToken: token }, ['stateToken']),
} as const

/** A v1 authenticator input (`{name: 'password', value}`). */
export type InputBody = FromSchema<typeof input>
