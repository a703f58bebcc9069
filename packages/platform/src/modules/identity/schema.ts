import { object, text, type FromSchema } from '../../http/schema.js'

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

const loginId = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string' } },
} as const

const captchaTokens = {
  type: 'array',
  maxItems: 5,
  items: {
    type: 'object',
    properties: {
      Recaptcha: token,
      InvisibleRecaptcha: token,
      NoCaptcha: token,
      recaptchaForClientSiteKey: {
        type: 'object',
        properties: { token, siteKeyId: text(256) },
      },
    },
  },
} as const

/** A member's profile: the named fields typed, others kept as sent. */
export const profileSchema = {
  type: 'object',
  maxProperties: 50,
  properties: {
    firstName: text(200),
    lastName: text(200),
    nickname: text(200),
    picture: text(2048),
    language: text(20),
    company: text(200),
    position: text(200),
    birthdate: text(40),
    labels: { type: 'array', maxItems: 50, items: text(200) },
    customFields: { type: 'array', maxItems: 100, items: { type: 'object' } },
    addresses: { type: 'array', maxItems: 20, items: { type: 'object' } },
  },
} as const

const clientMetaData = { type: 'object', maxProperties: 50 } as const
const input = object({ name: text(100), value: text(1000) })
const inputs = { type: 'array', maxItems: 10, items: input } as const
const redirect = {
  type: 'object',
  properties: { url: text(2048), clientId: text(256) },
} as const

/** Bodies and queries of the public identity routes. */
export const identitySchemas = {
  registerV2: {
    type: 'object',
    required: ['loginId', 'password'],
    properties: {
      loginId,
      password: newPassword,
      profile: profileSchema,
      captchaTokens,
      clientMetaData,
    },
  },
  loginV2: {
    type: 'object',
    required: ['loginId'],
    properties: {
      loginId,
      password: givenPassword,
      captchaTokens,
      clientMetaData,
      stateToken: token,
    },
  },
  registerV1: {
    type: 'object',
    required: ['identity'],
    properties: {
      identity: {
        type: 'object',
        required: ['email'],
        properties: {
          email: {
            type: 'object',
            required: ['address'],
            properties: { address: { type: 'string' } },
          },
          identityProfile: profileSchema,
        },
      },
      authenticatorId: text(100),
      inputs,
      captchaTokens,
    },
  },
  loginV1: {
    type: 'object',
    properties: {
      identifier: { type: 'object', properties: { email: { type: 'string' } } },
      loginId: { type: 'object', properties: { email: { type: 'string' } } },
      authenticatorId: text(100),
      inputs,
      captchaTokens,
    },
  },
  changePassword: {
    type: 'object',
    required: ['newPassword'],
    properties: { newPassword },
  },
  signOn: {
    type: 'object',
    required: ['loginId'],
    properties: {
      loginId,
      profile: profileSchema,
      verifyEmail: { type: 'boolean' },
      mergeExistingContact: { type: 'boolean' },
    },
  },
  logout: {
    type: 'object',
    properties: { postLogoutRedirectUri: text(2048), clientId: text(256) },
  },
  validateEmail: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
  proceed: { type: 'object', required: ['stateToken'], properties: { stateToken: token } },
  sso: {
    type: 'object',
    required: ['idpConnectionId', 'tokenParams'],
    properties: {
      idpConnectionId: text(256),
      tokenParams: {
        type: 'object',
        maxProperties: 20,
        additionalProperties: text(16384),
      },
    },
  },
  sendRecoveryEmail: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string' }, language: text(20), redirect },
  },
  sendActivationEmail: {
    type: 'object',
    required: ['identityId'],
    properties: {
      identityId: text(256),
      emailOptions: { type: 'object', properties: { language: text(20), redirect } },
    },
  },
  recover: {
    type: 'object',
    required: ['recoveryToken'],
    properties: { recoveryToken: token, password: newPassword },
  },
  startVerification: {
    type: 'object',
    properties: {
      identityId: text(256),
      target: { type: 'string', enum: ['UNKNOWN_TARGET', 'EMAIL'] },
    },
  },
  verify: {
    type: 'object',
    required: ['code', 'stateToken'],
    properties: { code: text(32), stateToken: token },
  },
  resend: { type: 'object', required: ['stateToken'], properties: { stateToken: token } },
} as const

/** A v1 authenticator input (`{name: 'password', value}`). */
export type InputBody = FromSchema<typeof input>

/** The bodies (and the logout query) as their schemas let them through. */
export type IdentityBodies = {
  [Route in keyof typeof identitySchemas]: FromSchema<(typeof identitySchemas)[Route]>
}
