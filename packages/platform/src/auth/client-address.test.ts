import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'
import { fetchFrom } from '../test-support/remote-address.js'

/*
 * Whose address a limit counts: the socket's, or the client a trusted proxy names in
 * `X-Forwarded-For` (the shop's server for its shoppers, a load balancer). A forwarded header from
 * any other peer is ignored, so forging one dodges no limit.
 */

describe.each(DIALECTS)('the client address behind proxies on %s', (dialect) => {
  let platform: TestPlatform
  /** An anonymous grant sent from `from`, with `forwarded` as its `X-Forwarded-For`. */
  const newVisitor = (from: string, forwarded?: string) =>
    fetchFrom(from, `${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(forwarded && { 'x-forwarded-for': forwarded }),
      },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
  const statusesOf = async (responses: Promise<Response>[]) =>
    (await Promise.all(responses)).map((response) => response.status)
  /** The statuses of `send(0)`, `send(1)`, … sent one after the other. */
  const inTurn = async (count: number, send: (i: number) => Promise<Response>) => {
    const statuses = []
    for (let i = 0; i < count; i++) statuses.push((await send(i)).status)
    return statuses
  }

  beforeAll(async () => {
    // Development mode: the loopback address (127.0.0.1) is the trusted proxy, 127.0.0.2 is not.
    platform = await startPlatform(dialect, { visitorsPerMinute: 3 })
  })
  afterAll(() => platform.close())
  beforeEach(async () => {
    await platform.app.platform.db.kysely.deleteFrom('rate_limit_events').execute()
  })

  it('counts each client a trusted proxy forwards, not the proxy', async () => {
    const shoppers = Array.from({ length: 20 }, (_, i) => newVisitor('127.0.0.1', `203.0.113.${i}`))
    expect(await statusesOf(shoppers)).toEqual(Array(20).fill(200))
    const oneShopper = await inTurn(5, () => newVisitor('127.0.0.1', '203.0.113.1'))
    expect(oneShopper).toEqual([200, 200, 429, 429, 429])
  })

  it('counts the address the trusted proxy saw, whatever the client wrote before it', async () => {
    // A proxy appends the address it saw; what the client sent itself stays to its left.
    const forged = await inTurn(6, (i) => newVisitor('127.0.0.1', `198.51.100.${i}, 203.0.113.50`))
    expect(forged).toEqual([200, 200, 200, 429, 429, 429])
  })

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const forged = await inTurn(6, (i) => newVisitor('127.0.0.2', `203.0.113.${i}`))
    expect(forged).toEqual([200, 200, 200, 429, 429, 429])
  })
})

describe('the client address in production mode', () => {
  it('trusts no proxy unless configured: a forwarded header changes nothing', async () => {
    const platform = await startPlatform('sqlite', {
      mode: 'production',
      adminKey: 'k'.repeat(32),
      visitorsPerMinute: 2,
    })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await fetchFrom('127.0.0.1', `${platform.baseUrl}/oauth2/token`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
              body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
            })
          ).status,
        )
      expect(statuses).toEqual([200, 200, 429, 429])
    } finally {
      await platform.close()
    }
  })

  it('trusts the proxies VITRINE_TRUSTED_PROXIES names, and only them', async () => {
    const platform = await startPlatform('sqlite', {
      mode: 'production',
      adminKey: 'k'.repeat(32),
      visitorsPerMinute: 1,
      trustedProxies: ['127.0.0.2/32'],
    })
    try {
      const from = (peer: string, forwarded: string) =>
        fetchFrom(peer, `${platform.baseUrl}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
        })
      const viaProxy = [
        await from('127.0.0.2', '203.0.113.1'),
        await from('127.0.0.2', '203.0.113.2'),
      ]
      expect(viaProxy.map((response) => response.status)).toEqual([200, 200])
      const direct = [
        await from('127.0.0.1', '203.0.113.3'),
        await from('127.0.0.1', '203.0.113.4'),
      ]
      expect(direct.map((response) => response.status)).toEqual([200, 429])
    } finally {
      await platform.close()
    }
  })
})
