import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../scripts/chromium.mjs'

/** Launches Debian's Chromium through playwright-core. Close it in `afterAll`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

/**
 * A fresh context and page whose console errors and uncaught page errors are collected, so a test
 * can assert that a page ran cleanly.
 */
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return { context, page, errors }
}

/**
 * Chromium with a profile of its own in `dir` (an empty temp directory) whose user allows
 * third-party cookies — Chromium's default, and the default of the contexts of
 * {@link launchChromium}, blocks them. One context; close it, then remove `dir`.
 */
export async function launchChromiumAllowingThirdPartyCookies(
  dir: string,
): Promise<BrowserContext> {
  const preferences = { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }
  await mkdir(join(dir, 'Default'), { recursive: true })
  await writeFile(join(dir, 'Default', 'Preferences'), JSON.stringify(preferences))
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
}
