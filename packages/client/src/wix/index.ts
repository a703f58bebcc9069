/**
 * `@vitrine/client/wix`: where a port of a shop written for Wix's official SDK starts. It exports
 * everything `@vitrine/client` exports, but its modules carry the official modules' enumerations
 * beside their operations, as the official modules do (`products.OptionType.color`,
 * `currentCart.ChannelType.WEB`), with the same operations and the same types under the module's
 * name (`currentCart.Cart`). The main entry's modules carry operations only: properties of an
 * object cannot be tree-shaken, so a shop that never reads an enumeration from a module does not
 * pay for them there; the enumerations themselves are exported by both entries by this package's
 * names (`OptionType`, `ChannelType`).
 *
 * @example
 * import { createClient, OAuthStrategy, products, currentCart } from '@vitrine/client/wix'
 *
 * const client = createClient({ auth: OAuthStrategy({ clientId }) })
 * const { items } = await client.use(products).queryProducts().find()
 * const colors = items[0]?.productOptions?.filter((o) => o.optionType === products.OptionType.color)
 *
 * @packageDocumentation
 */

// Everything of the main entry; the modules below take the place of its modules of the same names.
// `export *` of the main entry, not its ~150 names again: no bundler loads that module through
// `import()` (what the rule guards against), and the consumer test checks, bundler by bundler,
// that every export of this entry is defined.
// eslint-disable-next-line no-restricted-syntax
export * from '../index.js'
export { currentCart } from './current-cart.js'
export { products } from './products.js'
export { collections } from './collections.js'
export { redirects } from './redirects.js'
export { orders } from './orders.js'
export { orderFulfillments } from './order-fulfillments.js'
export { members } from './members.js'
export { authentication } from './authentication.js'
export { recovery } from './recovery.js'
export { verification } from './verification.js'
export { recommendations } from './recommendations.js'
