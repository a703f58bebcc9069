import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatform, type TestPlatform } from '../test-support/platform.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startPlatform('sqlite', {
    allowedOrigins: ['http://localhost:5173'],
  })
  const now = new Date().toISOString()
  await platform.app.platform.db.kysely
    .insertInto('oauth_clients')
    .values({ id: 'other-shop', name: 'Other', created_date: now })
    .execute()
  await platform.app.platform.db.kysely
    .insertInto('oauth_client_origins')
    .values({ client_id: 'other-shop', origin: 'https://other.example' })
    .execute()
})
afterAll(() => platform.close())

const token = (origin: string) =>
  fetch(`${platform.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
  })
const preflight = (origin: string) =>
  fetch(`${platform.baseUrl}/oauth2/token`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-wix-bi-gateway',
    },
  })

describe('CORS', () => {
  it('lets a configured origin and an OAuth client origin read responses', async () => {
    for (const origin of ['http://localhost:5173', 'https://other.example']) {
      const response = await token(origin)
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-expose-headers')).toContain('X-Wix-Request-Id')
      expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
      expect(response.headers.get('vary')).toContain('Origin')
    }
  })

  it('gives another origin no CORS header', async () => {
    const response = await token('https://evil.example')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers the preflight of an allowed origin', async () => {
    const response = await preflight('http://localhost:5173')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,x-wix-bi-gateway',
    )
    expect(response.headers.get('x-wix-request-id')).toBeTruthy()
    // The answer echoes the requested headers: a cache keys it by them too.
    expect(response.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers')
  })

  it('says the answer varies with the Origin even to a request without one', async () => {
    const response = await fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('refuses the preflight of another origin in the provider format', async () => {
    const response = await preflight('http://localhost:5174')
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await response.json()).toEqual({
      message: 'Origin http://localhost:5174 is not allowed',
      details: {},
    })
  })
})
