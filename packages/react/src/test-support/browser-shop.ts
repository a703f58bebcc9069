import { build } from 'esbuild'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { openPage } from '../../../platform/src/test-support/chromium.js'
import type { Scenarios } from './member-scenarios.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The scenarios page's scripts by path (`/scenarios.js` and its chunks). */
export type Bundle = Map<string, string>

/**
 * The scenarios bundled for the browser as ES modules, split as an app bundler splits them (the
 * client's member flows are a chunk loaded on first use): React, Testing Library, the hooks and
 * the client from source.
 */
export async function bundleScenarios(): Promise<Bundle> {
  const { outputFiles } = await build({
    entryPoints: { scenarios: source('./member-scenarios.tsx') },
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: '/',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    alias: {
      '@vitrine/client/identity': source('../../../client/src/identity/index.ts'),
      '@vitrine/client': source('../../../client/src/index.ts'),
    },
    define: { 'process.env.NODE_ENV': '"development"', 'process.env': '{}' },
    logLevel: 'error',
  })
  return new Map(outputFiles.map((file) => [file.path, file.text]))
}

const PAGE =
  '<!doctype html><html lang="en"><head><title>Shop</title>' +
  '<script type="module" src="/scenarios.js"></script></head><body></body></html>'

/**
 * Serves the scenarios page at every path of a local origin, as a storefront's dev server would:
 * the bundle's scripts by path, the page for anything else. Listens on 127.0.0.1 only.
 */
export async function serveShop(
  bundle: Bundle,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const script = bundle.get(new URL(request.url ?? '/', 'http://shop').pathname)
    response.writeHead(200, {
      'content-type': script === undefined ? 'text/html' : 'text/javascript',
    })
    response.end(script ?? PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A tab of the shop. */
export interface ShopTab {
  page: Page
  /** The tab's uncaught errors and console errors, but for failed requests (a 404 cart, …). */
  errors(): string[]
  /** Runs scenario `name` in the page and returns what it returns. */
  run<K extends keyof Scenarios>(
    name: K,
    ...args: Parameters<Scenarios[K]>
  ): Promise<Awaited<ReturnType<Scenarios[K]>>>
}

const tabOf = (page: Page, errors: string[]): ShopTab => ({
  page,
  errors: () => errors.filter((error) => !error.startsWith('Failed to load resource')),
  run: (name, ...args) =>
    page.evaluate(
      ([name, args]) =>
        (window as unknown as { scenarios: Record<string, (...a: unknown[]) => unknown> })
          .scenarios[name]!(...args),
      [name, args] as const,
    ) as never,
})

/** A shopper: a browser context whose tabs share `localStorage`, as a shopper's tabs do. */
export async function openShopper(browser: Browser) {
  const { context, page, errors } = await openPage(browser)
  return {
    context,
    first: tabOf(page, errors),
    /** Another tab of the same shopper. */
    async newTab(): Promise<ShopTab> {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      return tabOf(page, errors)
    },
  }
}
