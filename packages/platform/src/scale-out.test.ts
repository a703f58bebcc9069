import { createClient, OAuthStrategy, type Tokens } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatform, testDatabaseUrl, type TestPlatform } from './test-support/platform.js'

/*
 * Scale-out: two platform instances over ONE PostgreSQL database serve the same site — nothing a
 * request needs is kept in one process's memory. Whatever one instance issued or wrote, the other
 * honours and reads.
 */
describe('two instances over one PostgreSQL', () => {
  let a: TestPlatform
  let b: TestPlatform

  beforeAll(async () => {
    const { url } = await testDatabaseUrl('postgres')
    // Started together: migrations and the seed must be safe to run concurrently.
    ;[a, b] = await Promise.all([
      startPlatform('postgres', { databaseUrl: url, seed: 'demo', adminKey: 'shared-admin-key' }),
      startPlatform('postgres', { databaseUrl: url, seed: 'demo', adminKey: 'shared-admin-key' }),
    ])
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('honours on one instance the tokens issued by the other, renewals included', async () => {
    const onA = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth: onA, baseUrl: a.baseUrl })
    const tokens: Tokens = await onA.generateVisitorTokens()

    const onB = OAuthStrategy({ clientId: 'demo-storefront', tokens })
    createClient({ modules: {}, auth: onB, baseUrl: b.baseUrl })
    const renewed = await onB.renewToken(tokens.refreshToken)
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value)

    // The access token A issued opens B's authenticated routes (and vice versa).
    for (const [platform, token] of [
      [b, tokens.accessToken.value],
      [a, renewed.accessToken.value],
    ] as const) {
      const res = await fetch(`${platform.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `${token},shared-admin-key` },
        body: JSON.stringify({
          grant_type: 'authorized_client',
          scope: 'offline_access',
          member_id: 'nobody',
        }),
      })
      // Authenticated (the token was recognised): the unknown member is the only problem left.
      expect(res.status).toBe(404)
    }
  })

  it('shares the admin key and the one demo seed', async () => {
    expect(a.adminKey).toBe(b.adminKey)
    const markers = await a.app.platform.db.kysely
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'demo_seeded')
      .execute()
    expect(markers).toHaveLength(1)
  })
})
