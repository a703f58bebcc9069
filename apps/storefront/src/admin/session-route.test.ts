import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import { startShopPlatform, throughShop } from '../server/shop-test-kit'

/** The console's sign-in as its page posts it, for the shopper at `clientAddress`. */
const signIn = (adminKey: string, clientAddress: string) => ({
  request: new Request('http://127.0.0.1:4173/admin/session', {
    method: 'POST',
    headers: {
      origin: 'http://127.0.0.1:4173',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ adminKey }),
  }),
  clientAddress,
})

/** The route's answer: its status, what it says, and how long it asks to wait. */
async function answerOf({ request, clientAddress }: ReturnType<typeof signIn>) {
  vi.resetModules()
  const { action } = await import('./session-route')
  const { answer } = await throughShop(action, request, {}, clientAddress)
  const body = (await answer.json()) as { error?: string; token?: string }
  return { status: answer.status, ...body, retryAfter: answer.headers.get('retry-after') }
}

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe("the console's door, in words", () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startShopPlatform()
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await platform.close()
  })

  it('lets the right key in, and says a wrong one was not accepted', async () => {
    expect(await answerOf(signIn(platform.adminKey, '203.0.113.1'))).toMatchObject({
      status: 200,
      token: expect.any(String),
    })
    expect(await answerOf(signIn('wrong', '203.0.113.1'))).toMatchObject({
      status: 401,
      error: expect.stringMatching(/^This admin key was not accepted\./),
    })
  })

  it('tells a guesser to wait, in minutes, and no one else; the right key still works there', async () => {
    for (let i = 0; i < 30; i++) await answerOf(signIn(`guess-${i}`, '203.0.113.7'))
    const told = await answerOf(signIn('guess-31', '203.0.113.7'))
    expect(told).toMatchObject({
      status: 429,
      error: expect.stringMatching(/^Too many attempts\. Try again in (1 minute|\d+ minutes)\.$/),
    })
    expect(Number(told.retryAfter)).toBeGreaterThan(0)
    expect((await answerOf(signIn('typo', '203.0.113.8'))).status).toBe(401)
    expect((await answerOf(signIn(platform.adminKey, '203.0.113.7'))).status).toBe(200)
  })

  it('says the platform could not be reached when it is down', async () => {
    vi.stubEnv('STOREFRONT_PLATFORM_URL', `http://127.0.0.1:${await closedPort()}`)
    expect(await answerOf(signIn(platform.adminKey, '203.0.113.1'))).toMatchObject({
      status: 502,
      error: 'The platform could not be reached. Try again in a moment.',
    })
  })
})
