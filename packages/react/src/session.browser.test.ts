// @vitest-environment node
import { TOKENS_UNAVAILABLE } from '@vitrine/client'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../platform/src/test-support/chromium.js'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { bundleScenarios, openShopper, serveShop } from './test-support/browser-shop.js'
import { startFaultProxy, type FaultProxy } from './test-support/fault-proxy.js'
import { productIdOf, startShop } from './test-support/shop.js'

/*
 * The session in Chromium: the tabs of a shopper renew their tokens once between them (Web Locks,
 * or the storage's mark without them), a frozen tab does not hold the others up for good, and a
 * member who goes offline for longer than the access token lives is still a member when back, with
 * the addition made offline in their cart. Offline is Playwright's (`context.setOffline`); the
 * access token of the second platform lives 12 s, so it is due while the member is offline.
 */

const PASSWORD = 'correct horse 1'
/** Seconds the access tokens of `shortLived` live: due 2 s after they are issued. */
const SHORT_TTL = 12
const POLL = { timeout: 30_000 }
let browser: Browser
let shop: Awaited<ReturnType<typeof serveShop>>
let platform: TestPlatform
let shortLived: TestPlatform
let proxy: FaultProxy
let productId: string

beforeAll(async () => {
  ;[shop, browser] = await Promise.all([bundleScenarios().then(serveShop), launchChromium()])
  ;[platform, shortLived] = await Promise.all([
    startShop(shop.origin),
    startShop(shop.origin, { accessTokenTtlSeconds: SHORT_TTL }),
  ])
  proxy = await startFaultProxy(platform.baseUrl)
  productId = await productIdOf(platform.baseUrl)
})
afterEach(() => proxy.heal())
afterAll(async () => {
  await browser?.close()
  await proxy?.close()
  await Promise.all([platform?.close(), shortLived?.close()])
  await shop?.close()
})

/**
 * A shopper with two tabs of the shop on `baseUrl` (the proxy unless said), hooks mounted, whose
 * access token has just expired; `setup` runs on the context first (e.g. an init script).
 */
async function twoTabs(setup?: (context: BrowserContext) => Promise<unknown>) {
  const visit = await openShopper(browser)
  await setup?.(visit.context)
  const { first } = visit
  await first.page.goto(`${shop.origin}/`)
  await first.run('open', proxy.url)
  const other = await visit.newTab()
  await other.page.goto(`${shop.origin}/products`)
  await other.run('open', proxy.url)
  await first.run('expireTokens')
  await expect.poll(async () => (await other.run('tokens')).accessToken.expiresAt).toBe(0)
  return { ...visit, first, other }
}

describe('renewal across tabs', () => {
  it('two tabs renewing at once make one token request; the other tab takes its tokens', async () => {
    const { context, first, other } = await twoTabs()
    let tokens: string[] = []
    const grants = await proxy.grantsDuring(async () => {
      const release = proxy.hold()
      await Promise.all([first.run('startCall'), other.run('startCall')])
      await expect.poll(() => proxy.held()).toBeGreaterThan(0)
      release()
      tokens = await Promise.all([first.run('finishCall'), other.run('finishCall')])
    })
    expect(grants).toEqual(['refresh_token'])
    expect(tokens[0]).toBe(tokens[1])
    expect(tokens[0]).not.toMatch(/^failed/)
    expect([...first.errors(), ...other.errors()]).toEqual([])
    await context.close()
  })

  it('without Web Locks, a tab that sees another’s renewal mark waits for its tokens', async () => {
    const { context, first, other } = await twoTabs((context) =>
      context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }),
      ),
    )
    expect(await other.page.evaluate(() => 'locks' in navigator && !!navigator.locks)).toBe(false)
    let tokens: string[] = []
    const grants = await proxy.grantsDuring(async () => {
      const release = proxy.hold()
      await first.run('startCall')
      await expect.poll(() => proxy.held()).toBe(1)
      await expect
        .poll(() => other.page.evaluate(() => localStorage.getItem('vitrine-tokens:renewing')))
        .not.toBeNull()
      await other.run('startCall')
      release()
      tokens = await Promise.all([first.run('finishCall'), other.run('finishCall')])
    })
    expect(grants).toEqual(['refresh_token'])
    expect(tokens[0]).toBe(tokens[1])
    expect(tokens[0]).not.toMatch(/^failed/)
    await context.close()
  })

  it('a tab that keeps the renewal lock (frozen) holds the others up for a while only', async () => {
    const { context, first, other } = await twoTabs()
    // Headless Chromium does not freeze a visible page (CDP's setWebLifecycleState), so the tab
    // takes the lock and keeps it, as a tab frozen while renewing would.
    await first.page.evaluate(() => {
      void navigator.locks.request('vitrine-tokens:renewal', () => new Promise(() => {}))
    })
    const grants = await proxy.grantsDuring(async () => {
      await other.run('startCall')
      expect(await other.run('finishCall')).not.toMatch(/^failed/)
    })
    expect(grants).toEqual(['refresh_token'])
    await context.close()
  }, 60_000)
})

describe('offline', () => {
  it('a member offline for longer than the access token lives is still a member after, and what they added offline lands', async () => {
    const visit = await openShopper(browser)
    const tab = visit.first
    await tab.page.goto(`${shop.origin}/`)
    await tab.run('open', shortLived.baseUrl)
    const email = `offline-${Date.now()}@example.com`
    await tab.run('register', email, PASSWORD)
    await tab.run('verify', email)
    await tab.run('addToCart', productId, 1)
    const { refreshToken } = await tab.run('tokens')
    expect(refreshToken.role).toBe('member')

    await visit.context.setOffline(true)
    await expect.poll(async () => (await tab.run('network')).offline, POLL).toBe(true)
    await expect.poll(() => tab.run('tokenDue'), POLL).toBe(true)
    // A call made meanwhile was not sent, and says why in a retryable error; the member stays.
    expect(await tab.run('readCart')).toMatchObject({ code: TOKENS_UNAVAILABLE, status: 0 })
    await tab.run('startAdd', productId, 1)
    await expect.poll(async () => (await tab.run('network')).adding.paused, POLL).toBe(true)
    expect((await tab.run('network')).member.status).toBe('member')

    await visit.context.setOffline(false)
    await expect.poll(async () => (await tab.run('network')).adding.status, POLL).toBe('success')
    const back = await tab.run('network')
    expect(back.offline).toBe(false)
    expect(back.member).toMatchObject({ status: 'member', member: { email } })
    await expect
      .poll(async () => (await tab.run('snapshot')).cart, POLL)
      .toEqual([{ productId, quantity: 2 }])
    expect((await tab.run('tokens')).refreshToken).toEqual(refreshToken)
    expect(tab.errors()).toEqual([])
    await visit.context.close()
  }, 90_000)
})
