import type { PlatformModule } from '../module.js'
import { cartRoutes } from './routes.js'

/**
 * The current cart (wire-contract §1): `/ecom/v1/carts/current…` — get, update (PATCH), add,
 * remove line items, set quantities, remove the coupon, estimate totals, create a checkout,
 * delete. Choices where the contract is silent:
 * - A caller without a cart gets what the provider answers: 404 with the application error
 *   `OWNED_CART_NOT_FOUND` (storefronts catch it and show an empty cart); add-to-cart and PATCH
 *   create the cart, every other call is that 404 too.
 * - Catalog items are priced by the catalog now, on every read, every change (the new price is
 *   written to the line), checkout and order; availability is the catalog's now too.
 * - Custom line items (priced by the caller) and merchant discounts need an elevated caller: the
 *   admin key (alone, or after the shopper's token) or a site user or app identity. A visitor or
 *   member gets a 403.
 * - Line item images are the provider's media objects (`{id, url, width, height, altText?}`): the
 *   platform's own pictures with their media id, which clients make a `wix:image://` reference of
 *   and their media helpers a URL of the platform's `/media/<id>`; a merchant's picture URL has no
 *   id, and clients keep the URL. `url` is the provider's product page path,
 *   `/product-page/<slug>`, relative.
 */
export const cartModule: PlatformModule = { name: 'cart', routes: cartRoutes }

export { removeCart } from './events.js'
export { CHANNEL_TYPES } from './schema.js'
export { mergeVisitorCart } from './merge.js'
export { rulePlaces } from './pricing.js'
export { estimateCart } from './service.js'
export { findCart, lockCart, type CartRow } from './store.js'
export type { DescriptionLine } from '../catalog/index.js'
export {
  completeCheckout,
  findCheckout,
  keepCheckoutForm,
  lockCheckoutCompleted,
  type CheckoutSnapshot,
  type StoredCheckout,
} from './checkout.js'
export type { Address } from './schema.js'
export type { CartOwner, CartState } from './state.js'
export type { WireEstimate, WireShippingOption } from './totals-wire.js'
export type { WireDiscount, WireLineItem } from './wire.js'
