// Type-checked with moduleResolution `bundler` and `node16` against the packed packages' types.
import {
  ApiError,
  ApiKeyStrategy,
  createClient,
  currentCart,
  isApiError,
  members,
  OAuthStrategy,
  orders,
  products,
  tokenInfo,
  type Cart,
  type MemberResponse,
  type Order,
  type Product,
  type QueryResult,
  type SearchOrdersResponse,
  type SearchResult,
  type TokenInfo,
} from '@vitrine/client'
import { currentCart as wixCart, products as wixProducts } from '@vitrine/client/wix'
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
const admin = createClient({ modules: { orders }, auth: ApiKeyStrategy({ apiKey: 'admin-key' }) })
export const order: Promise<Order> = admin.orders.getOrder('order-1')
export const searched: Promise<SearchOrdersResponse> = admin.orders.searchOrders({
  filter: { 'buyerInfo.memberId': { $eq: 'member-1' } },
  cursorPaging: { limit: 10 },
})
export const history: Promise<SearchResult<Order>> = admin.orders
  .searchOrders()
  .eq('buyerInfo.memberId', 'member-1')
  .find()
export const me: Promise<MemberResponse> = createClient({
  modules: { members },
  auth: OAuthStrategy({ clientId: 'demo-storefront' }),
}).members.getCurrentMember({ fieldsets: ['FULL'] })
export const who: Promise<TokenInfo> = createClient({
  modules: { tokenInfo },
  auth: ApiKeyStrategy({ apiKey: 'admin-key' }),
}).tokenInfo.getTokenInfo({ token: 'access-token' })
export const shop = createVitrineClient({ clientId: 'demo-storefront' })
export const words = (error: unknown): string =>
  isApiError(error) ? `${error.kind} ${error.code}` : describeError(error)
export const failure = new ApiError({ kind: 'system', message: 'x', code: 'x', status: 500 })
export type Page = ProductPage
// The port entry: the official modules' enumerations and types under the module's name.
const port = createClient({ auth: OAuthStrategy({ clientId: 'demo-storefront' }) })
export const portCart: Promise<wixCart.Cart> = port.use(wixCart).getCurrentCart()
export const swatch: 'color' = port.use(wixProducts).OptionType.color
