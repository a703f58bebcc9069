import { flag, object, text, type FromSchema } from '../../http/schema.js'

/* JSON schemas of the site owner's routes and the dev routes (`/_vitrine/…`). */

/** Schemas of the admin and dev routes. */
export const adminSchemas = {
  settingsPatch: {
    ...object({
      emailVerificationRequired: flag,
      ownerApprovalRequired: flag,
      captchaRequired: flag,
    }),
    // Not `additionalProperties: false`, which Fastify strips silently: a typo must be a 400.
    propertyNames: {
      enum: ['emailVerificationRequired', 'ownerApprovalRequired', 'captchaRequired'],
    },
  },
  memberParams: object({ id: text(256, 1) }, ['id']),
  membersQuery: object({
    status: { type: 'string', enum: ['PENDING', 'ACTIVE', 'BLOCKED', 'DELETED'] },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    offset: { type: 'integer', minimum: 0, default: 0 },
  }),
  idpConnection: object(
    {
      id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
      name: text(200, 1),
      publicKey: text(16384, 1),
      issuer: text(2048, 1),
      audience: text(2048, 1),
    },
    ['name', 'publicKey', 'issuer', 'audience'],
  ),
  idpParams: object({ id: text(64, 1) }, ['id']),
  mailboxQuery: object({
    to: text(254),
    format: { type: 'string', enum: ['json', 'html'] },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  }),
} as const

/** `POST /_vitrine/site/idp-connections`. */
export type IdpConnectionBody = FromSchema<typeof adminSchemas.idpConnection>

/** `GET /_vitrine/mailbox`. */
export type MailboxQuery = FromSchema<typeof adminSchemas.mailboxQuery>
