/** RS256 JWT verification with WebCrypto, as the provider signs its webhooks. */
import { isJsonObject } from '../codec/json-object.js'
import { WebhookError } from './webhook-error.js'

const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
const PEM = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/

const malformed = (message: string, cause?: unknown) =>
  new WebhookError('MALFORMED', message, cause)
const bytes = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0))

/**
 * Imports an SPKI public key for RS256 verification. `publicKey` is a PEM (as the dashboard shows
 * it; escaped `\n` are tolerated) or base64 of that PEM. Rejects with a `TypeError` otherwise.
 */
export async function importPublicKey(publicKey: string): Promise<CryptoKey> {
  try {
    const pem = publicKey.includes('-----BEGIN') ? publicKey : atob(publicKey.trim())
    const body = PEM.exec(pem)?.[1]?.replace(/\\n|\s/g, '')
    if (!body) throw new TypeError('no "-----BEGIN PUBLIC KEY-----" block')
    return await crypto.subtle.importKey('spki', bytes(atob(body)), RS256, false, ['verify'])
  } catch (cause) {
    throw new TypeError(
      'Invalid webhook public key: expected an RSA public key as PEM ("-----BEGIN PUBLIC KEY-----") or base64 of that PEM',
      { cause },
    )
  }
}

/** Parses JSON text; a `MALFORMED` {@link WebhookError} names `what` when it is not JSON. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw malformed(`The webhook's ${what} is not valid JSON`, cause)
  }
}

function decodePart(part: string, what: string): Uint8Array<ArrayBuffer> {
  try {
    if (!/^[\w-]*$/.test(part)) throw new SyntaxError('not base64url')
    return bytes(
      atob(
        part
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd((part.length + 3) & ~3, '='),
      ),
    )
  } catch (cause) {
    throw malformed(`The webhook JWT's ${what} is not base64url`, cause)
  }
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  const value = parseJson(new TextDecoder().decode(decodePart(part, what)), `JWT ${what}`)
  if (!isJsonObject(value)) throw malformed(`The webhook JWT's ${what} is not a JSON object`)
  return value
}

/**
 * Verifies a compact RS256 JWT and returns its claims: the header must say `alg: "RS256"`, the
 * signature must verify with `key`, and now must lie within `nbf`…`exp` give or take
 * `clockTolerance` seconds. No issuer or audience is checked (the provider sets none for webhooks).
 * Rejects with a {@link WebhookError}.
 */
export async function verifyJwt(
  jwt: string,
  key: CryptoKey | PromiseLike<CryptoKey>,
  clockTolerance = 60,
): Promise<Record<string, unknown>> {
  const parts = jwt.trim().split('.')
  if (parts.length !== 3)
    throw malformed('The webhook is not a JWT: expected three dot-separated parts')
  const [header, payload, signature] = parts as [string, string, string]
  const { alg, crit } = decodeJson(header, 'header')
  if (alg !== 'RS256') {
    throw new WebhookError(
      'INVALID_SIGNATURE',
      `The webhook JWT is signed with ${JSON.stringify(alg)}; only RS256 is accepted`,
    )
  }
  if (crit !== undefined) throw malformed('The webhook JWT has critical header extensions')
  const signed = new TextEncoder().encode(`${header}.${payload}`)
  if (!(await crypto.subtle.verify(RS256, await key, decodePart(signature, 'signature'), signed))) {
    throw new WebhookError(
      'INVALID_SIGNATURE',
      'The webhook signature does not match the public key',
    )
  }
  const claims = decodeJson(payload, 'payload')
  for (const claim of ['exp', 'nbf', 'iat']) {
    const value = claims[claim]
    if (value !== undefined && typeof value !== 'number') {
      throw malformed(`The webhook JWT's "${claim}" claim is not a number`)
    }
  }
  const now = Math.floor(Date.now() / 1000)
  const { exp, nbf } = claims as { exp?: number; nbf?: number }
  if (exp !== undefined && exp <= now - clockTolerance) {
    throw new WebhookError('EXPIRED', `The webhook expired (exp ${exp}, now ${now})`)
  }
  if (nbf !== undefined && nbf > now + clockTolerance) {
    throw new WebhookError('EXPIRED', `The webhook is not valid yet (nbf ${nbf}, now ${now})`)
  }
  return claims
}
