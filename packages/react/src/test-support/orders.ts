/*
 * Orders for the tests of the merchant's order hooks (and the storefront console's): placed by a
 * new visitor through the hosted checkout page, as a buyer places them.
 */
import { request } from 'playwright-core'
import {
  payOnCheckoutPage,
  startVisitorCheckout,
  storesLine,
} from '../../../platform/src/test-support/cart.js'
import type { TestPlatform } from '../../../platform/src/test-support/platform.js'

/**
 * Places an order as a new visitor: a cart of `lines` (see `storesLine`), its checkout, and the
 * hosted checkout page filled in for `email` (New York, standard shipping, the approved test card).
 * The page's form posts go through playwright's request context, which keeps the page's cookies
 * (the test page's `fetch` is a browser's: it hides them). Resolves with the order's id.
 */
export async function placeOrder(
  platform: TestPlatform,
  lines: ReturnType<typeof storesLine>[],
  email: string,
): Promise<string> {
  const { url } = await startVisitorCheckout(platform.baseUrl, lines, {
    thankYouPageUrl: `${location.origin}/thank-you`,
  })
  const page = await request.newContext({ maxRedirects: 0 })
  try {
    return await payOnCheckoutPage(url, email, {
      page: async (at) => (await page.get(at)).text(),
      submit: async (at, form) => {
        const answer = await page.post(at, { form })
        return { status: answer.status(), location: answer.headers()['location'] ?? null }
      },
    })
  } finally {
    await page.dispose()
  }
}

export { storesLine }
