// Type-checked with moduleResolution `bundler` and `node16` against the packed packages' types.
import {
  ApiError,
  createClient,
  currentCart,
  isApiError,
  OAuthStrategy,
  products,
  type Cart,
  type Product,
  type QueryResult,
} from '@vitrine/client'
import { createVitrineClient, describeError, type ProductPage } from '@vitrine/react'

const client = createClient({
  modules: { products, currentCart },
  auth: OAuthStrategy({ clientId: 'demo-storefront' }),
})
export const page: Promise<QueryResult<Product>> = client.products.queryProducts({
  filter: { name: { $startsWith: 'Mug' } },
  sort: [{ fieldName: 'price', order: 'ASC' }],
  paging: { limit: 12 },
})
export const built: Promise<QueryResult<Product>> = client.products
  .queryProducts()
  .startsWith('name', 'Mug')
  .find()
export const cart: Promise<Cart> = client.currentCart.getCurrentCart()
export const shop = createVitrineClient({ clientId: 'demo-storefront' })
export const words = (error: unknown): string =>
  isApiError(error) ? `${error.kind} ${error.code}` : describeError(error)
export const failure = new ApiError({ kind: 'system', message: 'x', code: 'x', status: 500 })
export type Page = ProductPage
