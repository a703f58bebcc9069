import type { Config } from '@react-router/dev/config'

/**
 * The shop in React Router's framework mode: every page rendered on the server (streamed) and
 * hydrated in the browser. The build goes to `build/` (`client/` for the browser, `server/` for
 * `server.mjs`), or where `STOREFRONT_BUILD_DIR` says (the e2e tests' own folder). Loaders and
 * actions read the request's services from the router context the root's middleware fills.
 */
export default {
  appDirectory: 'src',
  ssr: true,
  buildDirectory: process.env.STOREFRONT_BUILD_DIR || 'build',
  // Route `middleware` and one context per request (`server/shop-context.server.ts`).
  future: { v8_middleware: true },
} satisfies Config
