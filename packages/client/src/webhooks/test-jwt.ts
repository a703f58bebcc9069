/**
 * Test helpers: sign webhooks the way the provider does (RS256 JWT whose claim `data` is a JSON
 * string). WebCrypto only, so the platform's tests and a browser can use them too.
 */

const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }

/** Base64url without padding, of bytes or of a string's UTF-8. */
export function base64Url(input: string | Uint8Array | ArrayBuffer): string {
  const data = typeof input === 'string' ? new TextEncoder().encode(input) : new Uint8Array(input)
  return btoa(String.fromCharCode(...data))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
}

/** A fresh RS256 key pair, its public key also as PEM and as base64 of that PEM. */
export async function generateWebhookKeys() {
  const { privateKey, publicKey } = await crypto.subtle.generateKey(
    { ...RS256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  )
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey))
  const lines = btoa(String.fromCharCode(...spki)).match(/.{1,64}/g) ?? []
  const pem = ['-----BEGIN PUBLIC KEY-----', ...lines, '-----END PUBLIC KEY-----'].join('\n')
  return { privateKey, publicKey, pem, base64Pem: btoa(pem) }
}

/**
 * Signs `claims` as a compact JWT with `privateKey` (RS256). `header` overrides the default
 * `{alg: 'RS256', typ: 'JWT'}`, e.g. to forge `alg: 'none'`.
 */
export async function signJwt(
  privateKey: CryptoKey,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): Promise<string> {
  const input = `${base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...header }))}.${base64Url(JSON.stringify(claims))}`
  const signature = await crypto.subtle.sign(RS256, privateKey, new TextEncoder().encode(input))
  return `${input}.${base64Url(signature)}`
}

/** A webhook to sign: `payload` is the event as the wire carries it. */
export interface TestWebhook {
  eventType: string
  payload: unknown
  instanceId?: string
  identity?: Record<string, unknown>
  accountInfo?: Record<string, unknown>
}

/**
 * The claims of a provider webhook: `data` = JSON string of `{eventType, instanceId, accountInfo,
 * identity: <JSON string>, data: <JSON string of payload>}`, plus `iat` and `exp` (`expiresIn`
 * seconds from now, default 300). `extra` claims are merged last.
 */
export function webhookClaims(
  webhook: TestWebhook,
  { expiresIn = 300, extra = {} }: { expiresIn?: number; extra?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const {
    eventType,
    payload,
    instanceId = 'instance-1',
    identity = { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
    accountInfo = { accountId: 'account-1', siteId: 'site-1' },
  } = webhook
  const iat = Math.floor(Date.now() / 1000)
  const data = JSON.stringify({
    eventType,
    instanceId,
    accountInfo,
    identity: JSON.stringify(identity),
    data: JSON.stringify(payload),
  })
  return { data, iat, exp: iat + expiresIn, ...extra }
}

/** Signs a provider webhook: `signJwt(privateKey, webhookClaims(webhook, options))`. */
export function signWebhook(
  privateKey: CryptoKey,
  webhook: TestWebhook,
  options?: Parameters<typeof webhookClaims>[1],
): Promise<string> {
  return signJwt(privateKey, webhookClaims(webhook, options))
}
