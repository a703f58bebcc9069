import { createPublicKey, verify, type KeyObject } from 'node:crypto'
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

const decodeJson = (part: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
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
 * Verifies an RS256 id_token of `issuer`: the signature with the connection's public key (only
 * RS256: `none` and HMAC are refused), `iss`, `aud` (a string or a list holding the audience),
 * `exp` (and `nbf` when present), and a `sub`. Returns its claims; a 401 `INVALID_ID_TOKEN`
 * saying which check failed otherwise.
 */
export function verifyIdToken(issuer: IdTokenIssuer, idToken: string): IdTokenClaims {
  const parts = idToken.split('.')
  if (parts.length !== 3) throw refused('not a JWS compact token')
  const [head, body, signature] = parts as [string, string, string]
  const header = decodeJson(head)
  if (header?.alg !== 'RS256') throw refused('the algorithm must be RS256')
  const valid = verify(
    'RSA-SHA256',
    Buffer.from(`${head}.${body}`),
    rsaPublicKey(issuer.publicKey),
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw refused('bad signature')
  const claims = decodeJson(body)
  if (!claims) throw refused('the payload is not a JSON object')
  if (claims.iss !== issuer.issuer) throw refused('wrong issuer')
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(issuer.audience)) throw refused('wrong audience')
  const now = Date.now() / 1000
  if (typeof claims.exp !== 'number' || claims.exp + LEEWAY_SECONDS <= now) throw refused('expired')
  if (typeof claims.nbf === 'number' && claims.nbf - LEEWAY_SECONDS > now)
    throw refused('not valid yet')
  if (typeof claims.sub !== 'string' || !claims.sub) throw refused('no subject')
  return claims as unknown as IdTokenClaims
}
