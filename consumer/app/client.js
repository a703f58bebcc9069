// A shop on @vitrine/client alone, bundled by each bundler of the consumer test: it imports every
// export of the package by name (client-exports.js, written by the test from the packed package;
// wix-exports.js, the same of `@vitrine/client/wix`),
// then makes real calls against the platform at `globalThis.consumerBaseUrl`. Its outcome is the
// promise `globalThis.consumerResult`: the same code runs in Node, Deno and Chromium.
import { createClient, OAuthStrategy, products } from '@vitrine/client'
import { exported as client } from './client-exports.js'
import { exportsReport, wixReport } from './report.js'

async function run(baseUrl) {
  const shop = createClient({
    modules: { products },
    auth: OAuthStrategy({ clientId: 'demo-storefront' }),
    baseUrl,
  })
  // The official client's query-object form: a visitor token call, then the query.
  const page = await shop.products.queryProducts({ paging: { limit: 1 } })
  // A member method: loads the member flows (a chunk of their own where the bundler splits).
  const login = await shop.auth.login({ email: 'nobody@example.com', password: 'not-a-member' })
  return {
    ...exportsReport(client),
    product: page.items[0]?.name,
    loginState: login.loginState,
    wix: wixReport(),
  }
}

globalThis.consumerResult = run(globalThis.consumerBaseUrl)
