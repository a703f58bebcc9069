import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'
import { registerProbes } from '../test-support/probes.js'
import { fetchFrom } from '../test-support/remote-address.js'

/*
 * The limits per client address of the credentials: wrong API keys, and new visitors. Kept in the
 * database, as 429s in the provider's format with Retry-After.
 */

const limited = (retryAfter: number) => ({
  message: 'Too many attempts: try again later',
  details: {
    applicationError: {
      code: 'RESOURCE_EXHAUSTED',
      description: `Too many attempts: try again in ${retryAfter} seconds`,
      data: { retryAfterSeconds: retryAfter },
    },
  },
})

describe.each(DIALECTS)('limits per address on %s', (dialect) => {
  let platform: TestPlatform
  const elevated = (key: string, from = '127.0.0.1') =>
    fetchFrom(from, `${platform.baseUrl}/_probe/elevated`, {
      method: 'POST',
      headers: { authorization: key },
    })
  const anonymous = (from = '127.0.0.1') =>
    fetchFrom(from, `${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })

  beforeAll(async () => {
    platform = await startPlatform(dialect, { visitorsPerMinute: 5 }, registerProbes)
  })
  afterAll(() => platform.close())
  beforeEach(async () => {
    await platform.app.platform.db.kysely.deleteFrom('rate_limit_events').execute()
  })

  it('answers a burst of wrong API keys past 30 with 429; the right key works from there at once', async () => {
    const statuses: number[] = []
    for (let batch = 0; batch < 10; batch++) {
      const wrong = Array.from({ length: 30 }, (_, i) => elevated(`wrong-key-${batch}-${i}`))
      statuses.push(...(await Promise.all(wrong)).map((response) => response.status))
    }
    expect(statuses).toHaveLength(300)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30)
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])

    const refused = await elevated('one-more-wrong-key')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await refused.json()).toEqual(limited(retryAfter))
    // Someone else's mistakes never lock the right key out.
    const right = await elevated(platform.adminKey)
    expect(right.status).toBe(200)
    expect(await right.json()).toMatchObject({ type: 'WIX_USER', via: 'apiKey' })
  })

  it('keeps counting only failures: the right key does not use up the limit', async () => {
    for (let attempt = 0; attempt < 40; attempt++)
      expect((await elevated(platform.adminKey)).status).toBe(200)
    expect((await elevated('wrong-key')).status).toBe(401)
  })

  it('never counts unknown access tokens as key guesses: 100 stale tokens, then a wrong key is a 401', async () => {
    for (let batch = 0; batch < 4; batch++) {
      const stale = Array.from({ length: 25 }, (_, i) =>
        fetchFrom('127.0.0.1', `${platform.baseUrl}/_probe/whoami`, {
          headers: { authorization: `vitrine_at_made-up-${batch}-${i}` },
        }),
      )
      for (const response of await Promise.all(stale)) expect(response.status).toBe(401)
    }
    expect((await elevated('wrong-key')).status).toBe(401)
  })

  it('after 100 wrong keys and 100 unknown tokens from one address, the right key works at once', async () => {
    const wrong = Array.from({ length: 100 }, (_, i) => elevated(`guess-${i}`))
    const stale = Array.from({ length: 100 }, (_, i) =>
      fetchFrom('127.0.0.1', `${platform.baseUrl}/_probe/whoami`, {
        headers: { authorization: `vitrine_at_stale-${i}` },
      }),
    )
    const statuses = (await Promise.all([...wrong, ...stale])).map((response) => response.status)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70)
    expect(statuses.slice(100).every((status) => status === 401)).toBe(true)
    expect((await elevated(platform.adminKey)).status).toBe(200)
  })

  it('creates at most visitorsPerMinute new visitors per address, then 429 with Retry-After', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 8; attempt++) statuses.push((await anonymous()).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const refused = await anonymous()
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await refused.json()).toEqual(limited(retryAfter))
    // Another address still gets its visitors, and existing visitors keep their tokens.
    const other = await anonymous('127.0.0.2')
    expect(other.status).toBe(200)
    const { refresh_token } = (await other.json()) as { refresh_token: string }
    const renewed = await fetchFrom('127.0.0.2', `${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: 'demo-storefront',
        grantType: 'refresh_token',
        refreshToken: refresh_token,
      }),
    })
    expect(renewed.status).toBe(200)
  })
})
