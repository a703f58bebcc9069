/*
 * Test material (`template-port.test.ts`), not part of the platform: a shop's data layer written
 * for the official client, as Wix's headless commerce templates write theirs — a client without
 * modules made per request from the visitor's cookie (or `{}`), modules bound with `.use(...)`,
 * enums read from the modules, official-style error checks, media URLs from `media`, a
 * recommendation and a checkout through a redirect session. The test runs it as it is, and again
 * on `@vitrine/client` after the porting guide's mechanical edits (packages/client/README.md).
 * It imports only the official packages: keep it so.
 */
import { createClient, media, OAuthStrategy, type Tokens } from '@wix/sdk'
import * as products from '@wix/auto_sdk_stores_products'
import * as collections from '@wix/auto_sdk_stores_collections'
import * as currentCart from '@wix/auto_sdk_ecom_current-cart'
import * as recommendations from '@wix/auto_sdk_ecom_recommendations'
import { redirects } from '@wix/redirects'

/** The platform's demo OAuth app (a template reads its own from the environment). */
const WIX_CLIENT_ID = 'demo-storefront'
const WIX_SESSION_COOKIE = 'wix_session'
const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e'
/** The provider's "from the same categories" algorithm (`recommendations.listAvailableAlgorithms()`). */
const SAME_CATEGORIES = '68ebce04-b96a-4c52-9329-08fc9d8c1253'

// What `cookies()` of `next/headers` gives a Next.js template; here one jar per loaded copy of
// this file, that is one visitor.
const jar = new Map<string, string>()
const cookies = () => ({
  get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  set: (name: string, value: string) => void jar.set(name, value),
})

/** The middleware's part: a visitor without a session cookie gets visitor tokens in one. */
export async function startVisitorSession(): Promise<boolean> {
  if (cookies().get(WIX_SESSION_COOKIE)) return false
  const client = createClient({ auth: OAuthStrategy({ clientId: WIX_CLIENT_ID }) })
  const tokens = await client.auth.generateVisitorTokens()
  cookies().set(WIX_SESSION_COOKIE, JSON.stringify(tokens))
  return true
}

/** A client of the visitor's tokens (or none yet: `{}`), with the catalog modules. */
export function getWixClient() {
  let tokens = {} as Tokens
  try {
    tokens = JSON.parse(cookies().get(WIX_SESSION_COOKIE)?.value || '{}')
  } catch {
    // A cookie that is not JSON: a new visitor.
  }
  return createClient({
    modules: { products, collections },
    auth: OAuthStrategy({ clientId: WIX_CLIENT_ID, tokens }),
  })
}

// The two ways templates tell "not found": the code the official client gives a 404 without a
// code of its own, and the message.
const isNotFound = (error: any) => error?.details?.applicationError?.code === 404
const saysNotFound = (error: any) => /not found/i.test(String(error?.message))

export type ProductSort = 'price-asc' | 'price-desc' | 'name' | 'newest'

/** Products for a listing page: searched by name, in a collection, sorted. */
export async function queryProducts({
  search,
  collectionId,
  sort,
  limit = 8,
}: { search?: string; collectionId?: string; sort?: ProductSort; limit?: number } = {}) {
  let query = getWixClient().products.queryProducts()
  if (search) query = query.startsWith('name', search)
  if (collectionId) query = query.hasSome('collectionIds', [collectionId])
  if (sort === 'price-asc') query = query.ascending('price')
  if (sort === 'price-desc') query = query.descending('price')
  if (sort === 'name') query = query.ascending('name')
  if (sort === 'newest') query = query.descending('lastUpdated')
  const { items, totalCount } = await query.limit(limit).find()
  return { items, totalCount }
}

export async function getProductBySlug(slug: string) {
  const { items } = await getWixClient().products.queryProducts().eq('slug', slug).limit(1).find()
  return items[0]
}

/** A product by id; an unknown one is `undefined`. */
export async function getProduct(id: string) {
  try {
    return (await getWixClient().products.getProduct(id)).product
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

/** What a product page shows of its options: the colour option drawn as swatches. */
export function productOptions(product: products.Product) {
  return (product.productOptions ?? []).map((option) => ({
    name: option.name,
    swatches: option.optionType === products.OptionType.color,
    choices: (option.choices ?? []).map((choice) => [choice.description, choice.inStock]),
  }))
}

export async function queryCollections() {
  const { items } = await getWixClient().collections.queryCollections().ascending('name').find()
  return items
}

/** A collection by slug; an unknown one is `undefined`. */
export async function getCollectionBySlug(slug: string) {
  try {
    return (await getWixClient().collections.getCollectionBySlug(slug)).collection
  } catch (error) {
    if (saysNotFound(error)) return undefined
    throw error
  }
}

/** A collection page's products: an unknown collection has none. */
export async function getCollectionProducts(slug: string, sort?: ProductSort) {
  const collection = await getCollectionBySlug(slug)
  if (!collection) return []
  return (await queryProducts({ collectionId: collection._id!, sort })).items
}

/**
 * Adds a product; with `choices` (option name → choice), the variant they select of a product that
 * manages variants, else the product with those options.
 */
export async function addToCart(productId: string, quantity = 1, choices?: Record<string, string>) {
  const client = getWixClient()
  let options: Record<string, unknown> | undefined
  if (choices) {
    const { product } = await client.products.getProduct(productId)
    if (product?.manageVariants) {
      const { variants } = await client.products.queryProductVariants(productId, { choices })
      options = { variantId: variants?.[0]?._id }
    } else options = { options: choices }
  }
  const { cart } = await client.use(currentCart).addToCurrentCart({
    lineItems: [
      { catalogReference: { catalogItemId: productId, appId: STORES_APP_ID, options }, quantity },
    ],
  })
  return cart
}

/** The visitor's cart; none yet is `undefined`. */
export async function getCart() {
  try {
    return await getWixClient().use(currentCart).getCurrentCart()
  } catch (error: any) {
    if (error?.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return undefined
    throw error
  }
}

/** What the cart page shows of each line: its product page, picture and options. */
export function cartLines(cart: currentCart.Cart | undefined) {
  return (cart?.lineItems ?? []).map((item: currentCart.LineItem) => ({
    id: item._id!,
    productSlug: item.url?.split('/').pop(),
    name: item.productName?.original,
    quantity: item.quantity,
    price: item.price?.amount,
    image: item.image ? media.getImageUrl(item.image).url : undefined,
    options: (item.descriptionLines ?? []).map(
      (line) => `${line.name?.original}: ${line.colorInfo?.original ?? line.plainText?.original}`,
    ),
  }))
}

export async function updateLineItemQuantity(lineItemId: string, quantity: number) {
  const { cart } = await getWixClient()
    .use(currentCart)
    .updateCurrentCartLineItemQuantity([{ _id: lineItemId, quantity }])
  return cart
}

export async function removeLineItem(lineItemId: string) {
  const { cart } = await getWixClient()
    .use(currentCart)
    .removeLineItemsFromCurrentCart([lineItemId])
  return cart
}

/** "You may also like": products from the same collections as `productId`. */
export async function getRecommendedProducts(productId: string, minimumRecommendedItems = 3) {
  const client = getWixClient()
  const { recommendation } = await client
    .use(recommendations)
    .getRecommendation([{ _id: SAME_CATEGORIES, appId: STORES_APP_ID }], {
      items: [{ catalogItemId: productId, appId: STORES_APP_ID }],
      minimumRecommendedItems,
    })
  const ids = (recommendation?.items ?? []).map((item) => item.catalogItemId!)
  if (!ids.length) return []
  const { items } = await client.products.queryProducts().in('_id', ids).ascending('name').find()
  return items
}

/** Checkout: a checkout of the cart, and the hosted checkout page's URL to send the visitor to. */
export async function createCheckoutAndRedirect(callbacks: {
  postFlowUrl: string
  thankYouPageUrl: string
}) {
  const client = getWixClient().use({ currentCart, redirects })
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: currentCart.ChannelType.WEB,
  })
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId: checkoutId! },
    callbacks,
  })
  return redirectSession?.fullUrl
}
