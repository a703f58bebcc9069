// A shop on @vitrine/react, bundled by each bundler of the consumer test: it imports every export
// of both packages by name (written by the test from the packed packages), then makes real calls
// against the platform at `globalThis.consumerBaseUrl`. Its outcome is the promise
// `globalThis.consumerResult`: the same code runs in Node, Deno and Chromium.
import { createVitrineClient, fetchProducts } from '@vitrine/react'
import { exported as client } from './client-exports.js'
import { exported as react } from './react-exports.js'
import { exportsReport, wixReport } from './report.js'

async function run(baseUrl) {
  const shop = createVitrineClient({ clientId: 'demo-storefront', baseUrl })
  const page = await fetchProducts(shop, { limit: 1 })
  // The modules the React client loads on first use.
  const identity = await shop.identity()
  const { redirects } = await shop.redirects()
  return {
    ...exportsReport({ ...client, ...react }),
    product: page.items[0]?.name,
    identityModules: Object.keys(identity).sort(),
    redirectSession: typeof redirects.createRedirectSession,
    wix: wixReport(),
  }
}

globalThis.consumerResult = run(globalThis.consumerBaseUrl)
