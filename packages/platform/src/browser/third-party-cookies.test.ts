import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromiumAllowingThirdPartyCookies } from '../test-support/chromium.js'
import { MEMBER_PASSWORD, startShopWorld, type ShopWorld } from '../test-support/shop-world.js'
import { openShop, shop, waitForShop } from '../test-support/storefront-page.js'

/*
 * Why the platform session cookie is `SameSite=None; Secure`: in a browser that allows
 * third-party cookies, a storefront on another site (localhost:<shop> vs 127.0.0.1:<platform>)
 * signs in silently from it through its hidden `prompt=none` frame — as with the provider, whose
 * cookie lives on its own domain. A `SameSite=Lax` cookie would never reach that frame.
 */

describe('silent sign-in across sites where third-party cookies are allowed', () => {
  let dir: string
  let context: BrowserContext
  let world: ShopWorld

  const page = async (url: string): Promise<Page> => {
    const opened = await context.newPage()
    await openShop(opened, url)
    return opened
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vitrine-chromium-'))
    context = await launchChromiumAllowingThirdPartyCookies(dir)
    world = await startShopWorld()
  })
  afterAll(async () => {
    await context?.close()
    await world?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('signs in from the cookie of the hosted login page in a cross-site frame', async () => {
    const member = await world.newMember('third-party')
    const home = await page(`${world.shop.origin}/`)
    const authUrl = await shop(home, 'startLogin', { prompt: 'login', responseMode: 'query' })
    await home.waitForURL(authUrl)
    await home.fill('#login-email', member.email)
    await home.fill('#login-password', MEMBER_PASSWORD)
    await Promise.all([
      home.waitForURL(`${world.shop.origin}/callback?**`),
      home.click('form:has(#login-email) button[type=submit]'),
    ])
    await waitForShop(home)

    const elsewhere = await page(`${world.shop.localhostOrigin}/`)
    expect(await shop(elsewhere, 'silentFromCookie')).toMatchObject({ loggedIn: true })
    expect((await shop(elsewhere, 'whoami')).body.id).toBe(member.id)
  })

  it('keeps the session a cross-site direct login started in its frame', async () => {
    const member = await world.newMember('third-party-direct')
    await context.clearCookies()
    const first = await page(`${world.shop.localhostOrigin}/`)
    expect((await shop(first, 'directLogin', member.email, MEMBER_PASSWORD)).loggedIn).toBe(true)
    const later = await page(`${world.shop.localhostOrigin}/`)
    expect(await shop(later, 'silentFromCookie')).toMatchObject({ loggedIn: true })
    expect((await shop(later, 'whoami')).body.id).toBe(member.id)
  })
})
