import type { Address } from '@vitrine/client'
import type { ProductListParams } from './catalog.js'
import type { OrderListParams } from './merchant-orders.js'

/** What a totals estimate depends on besides the cart. */
export interface TotalsKeyInput {
  address?: Address
  shippingOptionCode?: string
}

/**
 * The query keys of every Vitrine query, as a hierarchy: invalidating a key invalidates the keys
 * under it (`catalog()` covers products, collections and availability; `cart()` covers its
 * totals; `merchantOrders()` covers the order lists, the orders and their fulfillments).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: vitrineKeys.catalog() })
 */
export const vitrineKeys = {
  all: ['vitrine'] as const,
  catalog: () => [...vitrineKeys.all, 'catalog'] as const,
  products: (params: ProductListParams) => [...vitrineKeys.catalog(), 'products', params] as const,
  product: (slug: string) => [...vitrineKeys.catalog(), 'product', slug] as const,
  availability: (productId: string, choices: Record<string, string>) =>
    [...vitrineKeys.catalog(), 'availability', productId, choices] as const,
  collections: () => [...vitrineKeys.catalog(), 'collections'] as const,
  collection: (slug: string) => [...vitrineKeys.catalog(), 'collection', slug] as const,
  /** The merchant's view of the catalog (hidden products included). */
  merchantProducts: (params: ProductListParams) =>
    [...vitrineKeys.catalog(), 'merchant', 'products', params] as const,
  merchantCollections: () => [...vitrineKeys.catalog(), 'merchant', 'collections'] as const,
  merchantProduct: (id: string) => [...vitrineKeys.catalog(), 'merchant', 'product', id] as const,
  cart: () => [...vitrineKeys.all, 'cart'] as const,
  totals: (input: TotalsKeyInput) => [...vitrineKeys.cart(), 'totals', input] as const,
  member: () => [...vitrineKeys.all, 'member'] as const,
  /**
   * The shop's orders as the merchant reads them: buyers' names and addresses, so a console
   * removes them when its session ends.
   */
  merchantOrders: () => [...vitrineKeys.all, 'merchant-orders'] as const,
  merchantOrderList: (params: OrderListParams) =>
    [...vitrineKeys.merchantOrders(), 'list', params] as const,
  merchantOrder: (id: string) => [...vitrineKeys.merchantOrders(), 'order', id] as const,
  orderFulfillments: (orderId: string) =>
    [...vitrineKeys.merchantOrders(), 'fulfillments', orderId] as const,
}
