import { createPublicKey, type KeyObject } from 'node:crypto'
import { errors, jwtVerify } from 'jose'
import { PlatformError } from '../../http/platform-error.js'

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

/** What an id_token is checked against: an identity-provider connection of the site. */
export interface IdTokenIssuer {
  publicKey: string
  issuer: string
  audience: string
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
 * Verifies an RS256 id_token of `issuer` (with `jose`): the signature with the connection's public
 * key (only RS256: `none` and HMAC are refused), `iss`, `aud` (a string or a list holding the
 * audience), `exp` (required) and `nbf` (when present) with {@link LEEWAY_SECONDS} of skew, and a
 * `sub`. Returns its claims; a 401 `INVALID_ID_TOKEN` saying which check failed otherwise.
 */
export async function verifyIdToken(
  issuer: IdTokenIssuer,
  idToken: string,
): Promise<IdTokenClaims> {
  const key = rsaPublicKey(issuer.publicKey)
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
