import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { memberIdentityId, registerMember } from './identity.js'
import { startPlatform, type TestPlatform } from './platform.js'
import { registerProbes } from './probes.js'
import { startStorefront, type Storefront } from './storefront-page.js'

/** The password of every member a {@link ShopWorld} creates. */
export const MEMBER_PASSWORD = 'correct horse 1'

/** The test storefront and a platform (SQLite) that allows the storefront's origins. */
export interface ShopWorld {
  shop: Storefront
  platform: TestPlatform
  /** A new active member (registered with the mailed code): its e-mail and identity id. */
  newMember(tag: string): Promise<{ email: string; id: string }>
  /** `POST /oauth2/token` with `body` (JSON), as a client would. */
  token(body: object): Promise<Response>
  close(): Promise<void>
}

/**
 * Starts a {@link ShopWorld}: the storefront first (the platform's allow-list needs its origins:
 * `http://127.0.0.1:<port>`, same-site with the platform, and `http://localhost:<port>`, another
 * site), then a platform with the probes, which asks for e-mail verification as the demo does.
 */
export async function startShopWorld(): Promise<ShopWorld> {
  const shop = await startStorefront()
  const platform = await startPlatform(
    'sqlite',
    { allowedOrigins: [shop.origin, shop.localhostOrigin] },
    registerProbes,
  )
  shop.platformUrl = platform.baseUrl
  const settings = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
    method: 'PATCH',
    headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ emailVerificationRequired: true, captchaRequired: false }),
  })
  if (settings.status !== 200) throw new Error(`Site settings answered ${settings.status}`)
  let seq = 0
  return {
    shop,
    platform,
    async newMember(tag) {
      const email = `browser-${tag}-${++seq}@example.com`
      await registerMember(platform.baseUrl, email, MEMBER_PASSWORD)
      return { email, id: await memberIdentityId(platform.app.platform.db.kysely, email) }
    },
    token: (body) =>
      fetch(`${platform.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async close() {
      await shop.close()
      await platform.close()
    },
  }
}

/** Where the browser tests save screenshots: `test-output/screenshots/<name>.png` (repo root). */
export async function screenshotPath(name: string): Promise<string> {
  const dir = fileURLToPath(new URL('../../../../test-output/screenshots/', import.meta.url))
  await mkdir(dir, { recursive: true })
  return `${dir}${name}.png`
}
