import { beforeAll, describe, expect, it } from 'vitest'
import { importPublicKey, verifyJwt } from './jwt.js'
import { base64Url, generateWebhookKeys, signJwt } from './test-jwt.js'
import { isWebhookError, WebhookError } from './webhook-error.js'

let keys: Awaited<ReturnType<typeof generateWebhookKeys>>
let other: Awaited<ReturnType<typeof generateWebhookKeys>>
beforeAll(async () => {
  ;[keys, other] = await Promise.all([generateWebhookKeys(), generateWebhookKeys()])
})

const now = () => Math.floor(Date.now() / 1000)

async function rejection(promise: Promise<unknown>): Promise<WebhookError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WebhookError)
  return error as WebhookError
}

describe('verifyJwt', () => {
  it('returns the claims of a valid RS256 token', async () => {
    const claims = { data: 'x', iat: now(), exp: now() + 60 }
    const jwt = await signJwt(keys.privateKey, claims)
    expect(await verifyJwt(jwt, keys.publicKey)).toEqual(claims)
  })

  it('accepts a token without time claims, and surrounding whitespace', async () => {
    const jwt = await signJwt(keys.privateKey, { data: 'x' })
    expect(await verifyJwt(`\n${jwt}\n`, keys.publicKey)).toEqual({ data: 'x' })
  })

  it('rejects a token signed with another key', async () => {
    const jwt = await signJwt(other.privateKey, { data: 'x' })
    const error = await rejection(verifyJwt(jwt, keys.publicKey))
    expect(error.code).toBe('INVALID_SIGNATURE')
    expect(error.message).toBe('The webhook signature does not match the public key')
  })

  it('rejects a tampered payload and a tampered signature', async () => {
    const [header, , signature] = (await signJwt(keys.privateKey, { data: 'a' })).split('.')
    const forged = `${header}.${base64Url(JSON.stringify({ data: 'b' }))}.${signature}`
    expect((await rejection(verifyJwt(forged, keys.publicKey))).code).toBe('INVALID_SIGNATURE')
    const flipped = signature!.startsWith('A')
      ? 'B' + signature!.slice(1)
      : 'A' + signature!.slice(1)
    const badSignature = `${header}.${base64Url(JSON.stringify({ data: 'a' }))}.${flipped}`
    expect((await rejection(verifyJwt(badSignature, keys.publicKey))).code).toBe(
      'INVALID_SIGNATURE',
    )
  })

  it('rejects alg "none" even without a signature', async () => {
    const jwt = `${base64Url('{"alg":"none","typ":"JWT"}')}.${base64Url('{"data":"x"}')}.`
    const error = await rejection(verifyJwt(jwt, keys.publicKey))
    expect(error.code).toBe('INVALID_SIGNATURE')
    expect(error.message).toBe('The webhook JWT is signed with "none"; only RS256 is accepted')
  })

  it('rejects HS256, even when signed with the public key as the HMAC secret', async () => {
    const secret = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(keys.pem),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    const input = `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url('{"data":"x"}')}`
    const mac = await crypto.subtle.sign('HMAC', secret, new TextEncoder().encode(input))
    const error = await rejection(verifyJwt(`${input}.${base64Url(mac)}`, keys.publicKey))
    expect(error.code).toBe('INVALID_SIGNATURE')
    expect(error.message).toContain('"HS256"')
  })

  it('rejects an expired token, allowing the clock tolerance', async () => {
    const expired = await signJwt(keys.privateKey, { exp: now() - 120 })
    const error = await rejection(verifyJwt(expired, keys.publicKey))
    expect(error.code).toBe('EXPIRED')
    expect(error.message).toMatch(/^The webhook expired \(exp \d+, now \d+\)$/)

    const skewed = await signJwt(keys.privateKey, { exp: now() - 30 })
    await expect(verifyJwt(skewed, keys.publicKey)).resolves.toEqual({ exp: expect.any(Number) })
    expect((await rejection(verifyJwt(skewed, keys.publicKey, 0))).code).toBe('EXPIRED')
  })

  it('rejects a token that is not valid yet (nbf)', async () => {
    const early = await signJwt(keys.privateKey, { nbf: now() + 600 })
    const error = await rejection(verifyJwt(early, keys.publicKey))
    expect(error.code).toBe('EXPIRED')
    expect(error.message).toContain('not valid yet')
    const soon = await signJwt(keys.privateKey, { nbf: now() + 30 })
    await expect(verifyJwt(soon, keys.publicKey)).resolves.toBeDefined()
  })

  it('checks the signature before the time claims', async () => {
    const jwt = await signJwt(other.privateKey, { exp: now() - 3600 })
    expect((await rejection(verifyJwt(jwt, keys.publicKey))).code).toBe('INVALID_SIGNATURE')
  })

  it.each([
    ['not a JWT', 'not-a-jwt'],
    ['two parts', `${base64Url('{"alg":"RS256"}')}.${base64Url('{}')}`],
    ['a header that is not base64url', `@@@.${base64Url('{}')}.sig`],
    ['a header that is not JSON', `${base64Url('{alg')}.${base64Url('{}')}.sig`],
    ['a header that is not an object', `${base64Url('"RS256"')}.${base64Url('{}')}.sig`],
  ])('rejects %s as MALFORMED', async (_name, jwt) => {
    expect((await rejection(verifyJwt(jwt, keys.publicKey))).code).toBe('MALFORMED')
  })

  it('rejects a signed payload that is not a JSON object, or a time claim that is not a number', async () => {
    const input = `${base64Url('{"alg":"RS256"}')}.${base64Url('[1]')}`
    const signature = await crypto.subtle.sign(
      'RSASSA-PKCS1-v1_5',
      keys.privateKey,
      new TextEncoder().encode(input),
    )
    const array = await rejection(verifyJwt(`${input}.${base64Url(signature)}`, keys.publicKey))
    expect(array.code).toBe('MALFORMED')
    const exp = await rejection(
      verifyJwt(await signJwt(keys.privateKey, { exp: 'soon' }), keys.publicKey),
    )
    expect(exp).toMatchObject({
      code: 'MALFORMED',
      message: 'The webhook JWT\'s "exp" claim is not a number',
    })
  })

  it('rejects critical header extensions it does not understand', async () => {
    const jwt = await signJwt(keys.privateKey, { data: 'x' }, { crit: ['b64'], b64: false })
    expect((await rejection(verifyJwt(jwt, keys.publicKey))).code).toBe('MALFORMED')
  })
})

describe('importPublicKey', () => {
  it('imports a PEM, base64 of a PEM, and a PEM with escaped newlines', async () => {
    const jwt = await signJwt(keys.privateKey, { data: 'x' })
    for (const form of [keys.pem, keys.base64Pem, keys.pem.replace(/\n/g, '\\n')]) {
      const key = await importPublicKey(form)
      expect(key.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5' })
      expect(await verifyJwt(jwt, key)).toEqual({ data: 'x' })
    }
  })

  it('rejects what is not an SPKI public key with a TypeError', async () => {
    for (const bad of [
      '',
      'not base64 at all!',
      btoa('hello'),
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ]) {
      await expect(importPublicKey(bad)).rejects.toThrow(/^Invalid webhook public key/)
    }
  })
})

describe('WebhookError', () => {
  it('has a literal name, a code and a cross-realm guard', () => {
    const error = new WebhookError('EXPIRED', 'late')
    expect(error).toMatchObject({ name: 'WebhookError', code: 'EXPIRED', message: 'late' })
    expect(isWebhookError(error)).toBe(true)
    expect(isWebhookError({ name: 'WebhookError' })).toBe(true)
    expect(isWebhookError(new Error('x'))).toBe(false)
    expect(isWebhookError(null)).toBe(false)
  })

  it('keeps the cause of a malformed part', async () => {
    const error = await rejection(verifyJwt(`${base64Url('{x')}.e30.sig`, keys.publicKey))
    expect(error.cause).toBeInstanceOf(SyntaxError)
  })
})
