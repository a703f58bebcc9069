import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium, openPage } from './chromium.js'
import { startShopWorld, type ShopWorld } from './shop-world.js'
import { openShop, startSite, type StaticFile, type StaticSite } from './storefront-page.js'

/** What {@link useShopInBrowser} gives a suite, set once its `beforeAll` has run. */
export interface ShopInBrowser {
  browser: Browser
  world: ShopWorld
  /** A foreign site (another origin, not on any allow-list): the attacker's. */
  evil: StaticSite
  /** The browser profiles the suite opened, closed after it. */
  contexts: BrowserContext[]
  /** A fresh browser profile (cookies, storage) on the storefront's home page at `origin`. */
  visit(origin?: string): ReturnType<typeof openPage>
}

/**
 * For the suite that calls it: Chromium, a {@link ShopWorld} and a foreign site serving
 * `foreignPage`, started before its tests and closed, with every profile opened, after them.
 */
export function useShopInBrowser(
  foreignPage: (path: string) => StaticFile | undefined = () => undefined,
): ShopInBrowser {
  const env = {
    contexts: [] as BrowserContext[],
    async visit(origin = env.world.shop.origin) {
      const opened = await openPage(env.browser)
      env.contexts.push(opened.context)
      await openShop(opened.page, `${origin}/`)
      return opened
    },
  } as ShopInBrowser
  beforeAll(async () => {
    env.browser = await launchChromium()
    env.world = await startShopWorld()
    env.evil = await startSite(foreignPage)
  })
  afterAll(async () => {
    for (const context of env.contexts) await context.close()
    await env.evil?.close()
    await env.world?.close()
    await env.browser?.close()
  })
  return env
}
