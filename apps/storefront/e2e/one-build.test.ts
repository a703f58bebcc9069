import { ApiKeyStrategy, catalogWriter, createClient, products } from '@vitrine/client'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startPlatform,
  type TestPlatform,
} from '../../../packages/platform/src/test-support/platform'
import { freePort, startChild, stopChild, untilServing } from '../../../scripts/stack.mjs'
import { hydrated, launchChromium, stack } from './support'

const SLUG = 'everyday-organic-tee'
const RENAMED = 'Everyday Organic Tee, platform B'
/** The second shop's OAuth client at its platform. */
const CLIENT_B = 'second-shop'
const shopServer = fileURLToPath(new URL('../server.mjs', import.meta.url))

/** Starts the shop's server on `port` with the run's build, configured by `env` alone. */
async function startShop(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const shop = startChild('second shop', [shopServer], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      STOREFRONT_BUILD_DIR: stack().buildDir,
      STOREFRONT_SESSION_SECRETS: 'a-secret-of-the-second-shop-0123456789',
      ...env,
    },
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    onLine: (line) => /error/i.test(line) && console.error(`second shop: ${line}`),
  })
  await untilServing(shop, `http://127.0.0.1:${port}/healthz`)
  return shop
}

describe('one build of the shop, pointed at another platform by its settings alone', () => {
  let platformB: TestPlatform
  let shopB: ChildProcess
  let shopBUrl: string
  let browser: Browser

  beforeAll(async () => {
    const port = await freePort()
    shopBUrl = `http://127.0.0.1:${port}`
    platformB = await startPlatform('sqlite', {
      seed: 'demo',
      workers: false,
      clientId: CLIENT_B,
      allowedOrigins: [shopBUrl],
    })
    const merchant = createClient({
      modules: { products, catalogWriter },
      auth: ApiKeyStrategy({ apiKey: platformB.adminKey }),
      baseUrl: platformB.baseUrl,
    })
    const { items } = await merchant.products.queryProducts().eq('slug', SLUG).find()
    await merchant.catalogWriter.updateProduct(items[0]!.id!, { name: RENAMED })
    shopB = await startShop(port, {
      STOREFRONT_PLATFORM_URL: platformB.baseUrl,
      STOREFRONT_CLIENT_ID: CLIENT_B,
      STOREFRONT_URL: shopBUrl,
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    if (shopB) await stopChild(shopB)
    await platformB?.close()
  })

  it('renders each platform’s catalog and tells each browser its own platform', async () => {
    const [a, b] = await Promise.all(
      [stack().shopUrl, shopBUrl].map(async (shop) =>
        (await fetch(`${shop}/products/${SLUG}`)).text(),
      ),
    )
    expect(a).not.toContain(RENAMED)
    expect(a).toContain(`"platformUrl":"${stack().platformUrl}"`)
    expect(b).toContain(RENAMED)
    expect(b).toContain(`"platformUrl":"${platformB.baseUrl}","clientId":"${CLIENT_B}"`)
    expect(b).toContain(`<link rel="canonical" href="${shopBUrl}/products/${SLUG}"`)
    // What a load balancer asks each instance: the document alone, never stored.
    for (const shop of [stack().shopUrl, shopBUrl]) {
      const health = await fetch(`${shop}/healthz`)
      expect(health.status).toBe(200)
      expect(health.headers.get('cache-control')).toBe('no-store')
      expect(await health.text()).toContain('The shop is up.')
    }
  })

  it("a shopper of the second shop adds to the cart: the browser calls that shop's platform only", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const platforms = new Set<string>()
    page.on('request', (request) => {
      const origin = new URL(request.url()).origin
      if (origin !== shopBUrl) platforms.add(origin)
    })
    await page.goto(`${shopBUrl}/products/${SLUG}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(RENAMED)
    await hydrated(page)
    await page.getByRole('radio', { name: 'Sage', exact: true }).check()
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    await page.locator('.buy-box').getByRole('button', { name: 'Add to cart' }).click()
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await expect
      .poll(() => drawer.getByText(RENAMED).count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    expect([...platforms]).toEqual([platformB.baseUrl])
    await context.close()
  })
})
