/*
 * Single sign-on with a site's identity providers: their connections (admin), the RS256 id_token
 * check (`jose`, algorithm pinned), and `sso/login-with-token-params`.
 */
import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto'
import { errors, jwtVerify } from 'jose'
import type { Kysely, Selectable } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { readSiteSettings, type SiteSettings } from './admin.js'
import type { IdpConnectionBody } from './admin-schema.js'
import { againOnUniqueViolation, type IdentityContext } from './identity-context.js'
import {
  createMember,
  findMember,
  findMemberByEmail,
  isValidEmail,
  type Member,
} from './members.js'
import { nextState, type StateMachineResponse } from './sessions.js'
import type { IdpConnectionsTable, MemberStatusReason } from './tables.js'

/** The claims of an id_token the platform uses. */
export interface IdTokenClaims {
  iss: string
  sub: string
  aud: string | string[]
  exp: number
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  name?: string
  picture?: string
}

/** Clock skew tolerated on `exp` and `nbf`, in seconds. */
const LEEWAY_SECONDS = 30

const refused = (reason: string) =>
  PlatformError.application(401, 'INVALID_ID_TOKEN', `The id_token was refused: ${reason}`)

/** What failed a claim, as the refusal says it. */
const CLAIM_REASONS: Record<string, string> = {
  iss: 'wrong issuer',
  aud: 'wrong audience',
  exp: 'expired',
  nbf: 'not valid yet',
  sub: 'no subject',
}

/** Why `jose` refused a token, in the words of the refusal. */
function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'expired'
  if (error instanceof errors.JWTClaimValidationFailed)
    return CLAIM_REASONS[error.claim] ?? `bad "${error.claim}" claim`
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the algorithm must be RS256'
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad signature'
  if (error instanceof errors.JWTInvalid) return 'the payload is not a JSON object'
  if (error instanceof errors.JOSEError) return 'not a JWS compact token'
  throw error
}

/** `pem` as an RSA public key, or a 400 on `field`. */
export function rsaPublicKey(pem: string, field = 'publicKey'): KeyObject {
  let key: KeyObject
  try {
    key = createPublicKey(pem)
  } catch {
    throw PlatformError.invalid(field, 'must be a public key in SPKI PEM form')
  }
  if (key.asymmetricKeyType !== 'rsa') throw PlatformError.invalid(field, 'must be an RSA key')
  return key
}

/**
 * Verifies an RS256 id_token of `issuer`, an identity-provider connection of the site (with
 * `jose`): the signature with the connection's public key (only RS256: `none` and HMAC are
 * refused), `iss`, `aud` (a string or a list holding the audience), `exp` (required) and `nbf`
 * (when present) with {@link LEEWAY_SECONDS} of skew, and a `sub`. Returns its claims; a 401
 * `INVALID_ID_TOKEN` saying which check failed otherwise.
 */
export async function verifyIdToken(
  issuer: Selectable<IdpConnectionsTable>,
  idToken: string,
): Promise<IdTokenClaims> {
  const key = rsaPublicKey(issuer.public_key)
  try {
    const { payload } = await jwtVerify(idToken, key, {
      algorithms: ['RS256'],
      issuer: issuer.issuer,
      audience: issuer.audience,
      clockTolerance: LEEWAY_SECONDS,
      requiredClaims: ['exp', 'sub'],
    })
    if (typeof payload.sub !== 'string' || !payload.sub) throw refused('no subject')
    return payload as IdTokenClaims
  } catch (error) {
    if (error instanceof PlatformError) throw error
    throw refused(reason(error))
  }
}

/** An identity-provider connection as the admin routes answer it. */
export type WireIdpConnection = ReturnType<typeof toWire>

const toWire = (row: Selectable<IdpConnectionsTable>) => ({
  id: row.id,
  name: row.name,
  publicKey: row.public_key,
  issuer: row.issuer,
  audience: row.audience,
  createdDate: row.created_date,
})

/** Registers an identity provider whose RS256 id_tokens sign members in (409 on a taken id). */
export async function createIdpConnection(
  db: Kysely<Schema>,
  body: IdpConnectionBody,
): Promise<WireIdpConnection> {
  rsaPublicKey(body.publicKey)
  const row = {
    id: body.id ?? randomUUID(),
    name: body.name,
    public_key: body.publicKey.trim(),
    issuer: body.issuer,
    audience: body.audience,
    created_date: new Date().toISOString(),
  }
  await db.insertInto('idp_connections').values(row).execute()
  return toWire(row)
}

/** The site's identity-provider connections, oldest first. */
export async function listIdpConnections(db: Kysely<Schema>): Promise<WireIdpConnection[]> {
  const rows = await db.selectFrom('idp_connections').selectAll().orderBy('created_date').execute()
  return rows.map(toWire)
}

/** Removes a connection (its members stay, without that way in); 404 when unknown. */
export async function deleteIdpConnection(db: Kysely<Schema>, id: string): Promise<void> {
  const { numDeletedRows } = await db
    .deleteFrom('idp_connections')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!Number(numDeletedRows)) throw PlatformError.notFound(`No identity provider "${id}"`)
}

/** The member an id_token stands for: linked before, found by a verified e-mail, or new. */
async function memberFor(
  trx: Tx,
  connectionId: string,
  claims: IdTokenClaims,
  settings: SiteSettings,
): Promise<Member> {
  const link = await trx
    .selectFrom('member_idp_links')
    .select('identity_id')
    .where('idp_connection_id', '=', connectionId)
    .where('subject', '=', claims.sub)
    .executeTakeFirst()
  const linked = link && (await findMember(trx, link.identity_id))
  if (linked) return linked
  const email = typeof claims.email === 'string' ? claims.email.trim() : ''
  if (!isValidEmail(email))
    throw PlatformError.application(400, 'IDP_EMAIL_REQUIRED', 'The id_token has no valid email')
  const verified = claims.email_verified === true
  let member = await findMemberByEmail(trx, email)
  if (member && !verified)
    throw PlatformError.application(
      409,
      'IDP_EMAIL_NOT_VERIFIED',
      'A member has this e-mail: the identity provider must vouch for it (email_verified)',
    )
  if (!member) {
    const reasons: MemberStatusReason[] = []
    if (settings.emailVerificationRequired && !verified)
      reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED')
    if (settings.ownerApprovalRequired) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED')
    const profile = {
      ...(claims.given_name && { firstName: claims.given_name }),
      ...(claims.family_name && { lastName: claims.family_name }),
      ...(claims.name && { nickname: claims.name }),
      ...(claims.picture && { picture: claims.picture }),
    }
    member = await createMember(trx, {
      email,
      passwordHash: null,
      profile,
      reasons,
      emailVerified: verified,
    })
  }
  await trx
    .insertInto('member_idp_links')
    .values({
      idp_connection_id: connectionId,
      subject: claims.sub,
      identity_id: member.identity_id,
      created_date: new Date().toISOString(),
    })
    .execute()
  return member
}

/**
 * `sso/login-with-token-params`: verifies `tokenParams.id_token` with the connection's key,
 * issuer and audience, then signs in the linked member, links a member by a verified e-mail, or
 * creates one (with the steps the site requires), and answers the state machine.
 */
export async function loginWithIdp(
  ctx: IdentityContext,
  idpConnectionId: string,
  tokenParams: Record<string, string>,
): Promise<StateMachineResponse> {
  const connection = await ctx.db.kysely
    .selectFrom('idp_connections')
    .selectAll()
    .where('id', '=', idpConnectionId)
    .executeTakeFirst()
  if (!connection)
    throw PlatformError.application(
      404,
      'IDP_CONNECTION_NOT_FOUND',
      `No identity provider "${idpConnectionId}"`,
    )
  const idToken = tokenParams.id_token
  if (!idToken) throw PlatformError.invalid('tokenParams.id_token', 'is required', 'REQUIRED_FIELD')
  const claims = await verifyIdToken(connection, idToken)
  const settings = await readSiteSettings(ctx.db.kysely, ctx.config)
  return againOnUniqueViolation(() =>
    transaction(ctx.db, async (trx) =>
      nextState(trx, await memberFor(trx, connection.id, claims, settings), ctx.clientId ?? null),
    ),
  )
}
