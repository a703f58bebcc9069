import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { Tokens } from '@vitrine/client'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'

/** What a {@link StaticSite} answers for a path: a body and its content type. */
export interface StaticFile {
  type: string
  body: string | Uint8Array
}

/** A real HTTP server on 127.0.0.1 serving pages for the browser tests. */
export interface StaticSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The same server as `http://localhost:<port>`: another site for the browser. */
  localhostOrigin: string
  /** Every path (with its query) requested so far, in order. */
  requests: string[]
  close(): Promise<void>
}

/** Starts a site on a free port of 127.0.0.1; `serve` answers a path (else 404). Never cached. */
export async function startSite(
  serve: (path: string) => StaticFile | undefined,
): Promise<StaticSite> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    requests.push(url)
    const file = serve(new URL(url, 'http://site').pathname)
    if (!file) return void response.writeHead(404).end('Not found')
    response
      .writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' })
      .end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    origin: `http://127.0.0.1:${port}`,
    localhostOrigin: `http://localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An HTML page: `body` in a minimal document. */
export const html = (title: string, body: string): StaticFile => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`,
})

/** The test storefront's script (`shop-page.js`) bundled with the client's source, by esbuild. */
async function bundleShopScript(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./shop-page.js', import.meta.url))],
    alias: {
      '@vitrine/client': fileURLToPath(new URL('../../../client/src/index.ts', import.meta.url)),
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.contents
}

/** The test storefront: a page with `window.shop` (see `shop-page.js`) on every path. */
export interface Storefront extends StaticSite {
  /** The platform the page talks to: set it once the platform runs (it needs this origin first). */
  platformUrl: string
  clientId: string
}

/**
 * Starts the test storefront: every path but `/shop.js` answers its page, which runs the client
 * (bundled once per call) against `platformUrl` as OAuth client `clientId`.
 *
 * @example
 * const shop = await startStorefront()
 * const platform = await startPlatform('sqlite', { allowedOrigins: [shop.origin] }, registerProbes)
 * shop.platformUrl = platform.baseUrl
 */
export async function startStorefront(clientId = 'demo-storefront'): Promise<Storefront> {
  const script = await bundleShopScript()
  const site = await startSite((path) => {
    if (path === '/shop.js') return { type: 'text/javascript; charset=utf-8', body: script }
    const settings = JSON.stringify({ baseUrl: storefront.platformUrl, clientId })
    return html(
      'Test storefront',
      `<h1>Test storefront</h1><script type="application/json" id="shop-config">${settings}</script>` +
        '<script type="module" src="/shop.js"></script>',
    )
  })
  const storefront: Storefront = Object.assign(site, { platformUrl: '', clientId })
  return storefront
}

/** What a sign-in of the shop page answers: tokens, or the client's failure. */
export interface ShopLogin {
  loggedIn: boolean
  tokens?: Tokens
  /** The client's error message (e.g. `Invalid _state`), or a login state that is not SUCCESS. */
  failure?: string
  /** An OAuth error answer (e.g. `login_required`). */
  error?: string
}

/** The `window.shop` of the test storefront's page (`shop-page.js`). */
export interface ShopApi {
  startLogin(options?: {
    prompt?: 'login' | 'none'
    responseMode?: 'query' | 'fragment'
  }): Promise<string>
  finishLogin(responseMode?: 'query' | 'fragment'): Promise<ShopLogin>
  directLogin(email: string, password: string): Promise<ShopLogin>
  silentFromCookie(): Promise<ShopLogin>
  whoami(): Promise<{ status: number; body: { id?: string; type?: string } }>
  logout(path: string): Promise<string>
  embed(url: string): Promise<void>
  pending(): Record<string, string> | null
  setPending(oauthData: Record<string, string>): void
  messages(): { origin: string; data: Record<string, unknown> }[]
  frames(): number
}

/** Calls `window.shop[name](...args)` in `page` and answers its result. */
export function shop<K extends keyof ShopApi>(
  page: Page,
  name: K,
  ...args: Parameters<ShopApi[K]>
): Promise<Awaited<ReturnType<ShopApi[K]>>> {
  return page.evaluate(
    ([method, values]) =>
      (globalThis as unknown as { shop: Record<string, (...a: unknown[]) => unknown> }).shop[
        method
      ]!(...values),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<ShopApi[K]>>>
}

/** Opens `url` of the storefront in `page` and waits until its `window.shop` is ready. */
export async function openShop(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitForShop(page)
}

/** Waits until the storefront page now in `page` has its `window.shop`. */
export const waitForShop = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => 'shop' in globalThis)
