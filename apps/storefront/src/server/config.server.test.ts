import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readConfig } from './config.server'

const SECRET = 'a-secret-of-thirty-two-characters-or-more'

describe("the shop server's settings", () => {
  const required = {
    STOREFRONT_PLATFORM_URL: 'http://127.0.0.1:4100',
    STOREFRONT_CLIENT_ID: 'demo-storefront',
    STOREFRONT_URL: 'http://127.0.0.1:4173',
  }

  it('needs the platform, the client id and its own URL; makes up a secret outside production', () => {
    const config = readConfig(required)
    expect(config).toMatchObject({
      platformUrl: 'http://127.0.0.1:4100',
      clientId: 'demo-storefront',
      shopUrl: 'http://127.0.0.1:4173',
      secureCookies: false,
      cacheSeconds: 60,
    })
    expect(config.storeKey).toBeUndefined()
    expect(config.sessionSecrets).toHaveLength(1)
  })

  it('reads every setting at run time', () => {
    expect(
      readConfig({
        NODE_ENV: 'production',
        STOREFRONT_PLATFORM_URL: 'https://api.example.com/',
        STOREFRONT_CLIENT_ID: 'my-shop',
        STOREFRONT_URL: 'https://shop.example.com',
        STOREFRONT_API_KEY: ' key ',
        STOREFRONT_SITE_ID: 'site',
        STOREFRONT_SESSION_SECRETS: `${SECRET}-new, ${SECRET}`,
        STOREFRONT_CACHE_SECONDS: '8',
      }),
    ).toEqual({
      platformUrl: 'https://api.example.com',
      clientId: 'my-shop',
      shopUrl: 'https://shop.example.com',
      secureCookies: true,
      storeKey: { apiKey: 'key', siteId: 'site' },
      sessionSecrets: [`${SECRET}-new`, SECRET],
      cacheSeconds: 8,
    })
  })

  it.each([
    [
      { STOREFRONT_PLATFORM_URL: 'api.example.com' },
      /^STOREFRONT_PLATFORM_URL must be an http\(s\) URL/,
    ],
    [{ STOREFRONT_URL: 'ftp://shop.example.com' }, /^STOREFRONT_URL must be an http\(s\) URL/],
    [{ STOREFRONT_SESSION_SECRETS: 'short' }, /^STOREFRONT_SESSION_SECRETS needs 32 characters/],
    [{ NODE_ENV: 'production' }, /^STOREFRONT_SESSION_SECRETS is required in production/],
    [{ STOREFRONT_CACHE_SECONDS: '1.5' }, /^STOREFRONT_CACHE_SECONDS must be a whole number/],
    [{ STOREFRONT_CACHE_SECONDS: '-1' }, /^STOREFRONT_CACHE_SECONDS must be a whole number/],
  ])('names a setting it cannot use: %o', (env, message) => {
    expect(() => readConfig({ ...required, ...env })).toThrow(message)
  })

  it("is the root README's settings table's shop rows: every setting read, and no other", () => {
    const read = new Set<string>()
    readConfig(
      new Proxy(required as Record<string, string>, {
        get: (env, name: string) => (read.add(name), env[name]),
      }),
    )
    const server = readFileSync(new URL('../../server.mjs', import.meta.url), 'utf8')
    for (const [, name] of server.matchAll(/process\.env\.(\w+)/g)) read.add(name!)
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8')
    const rows = [...readme.matchAll(/^\| `(\w+)` +\| (?:shop server|both) +\|/gm)]
    expect(rows.map(([, name]) => name).sort()).toEqual([...read].sort())
  })
})
