import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { platformBuildIsStale, startThrowawayStack } from '../../../scripts/stack.mjs'

/** The stack the end-to-end tests drive. */
export interface E2eStack {
  /** The storefront, e.g. `http://127.0.0.1:41234`. */
  shopUrl: string
  /** The platform (API, hosted pages, dev mailbox). */
  platformUrl: string
  adminKey: string
  /** The shop's build the stack serves (another server may serve it too). */
  buildDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2eStack
  }
}

/**
 * Starts the stack as `npm start` does — the platform (demo seed) and a production build of the
 * shop served by its server (`server.mjs`) — once for the whole run, on free ports, with a temporary SQLite
 * database. The shop is built for that platform into a folder of its own; the platform is built
 * first when its sources changed since its last build.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-storefront-e2e-'))
  const stack = await startThrowawayStack({
    dir,
    packages: (await platformBuildIsStale()) ? 'platform' : 'none',
    // The tests on 127.0.0.1 stand for the proxy in front of the shop: they may say, in
    // X-Forwarded-For, whose request they pass on (e2e/crowd.test.ts); 127.0.0.2 may not.
    env: { STOREFRONT_TRUSTED_PROXIES: '127.0.0.1' },
  })
  project.provide('stack', {
    shopUrl: stack.shopUrl,
    platformUrl: stack.platformUrl,
    adminKey: stack.adminKey,
    buildDir: stack.buildDir,
  })
  return async () => {
    await stack.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
