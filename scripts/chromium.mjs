// How every Chromium of the repo is launched: Debian's browser (never a download) with the flags
// of a headless, sandbox-free, offline run on a shared machine. Shared by the tests
// (packages/platform/src/test-support/chromium.ts) and the benchmarks (bench/storefront.mjs).

/** Debian's Chromium (or `CHROMIUM_PATH`, else Lighthouse's `CHROME_PATH`): never a download. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Flags for a headless, sandbox-free, offline Chromium on a shared CI machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
