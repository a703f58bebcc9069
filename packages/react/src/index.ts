export { createVitrineClient } from './clients.js'
export type { VitrineClient, VitrineClientOptions } from './clients.js'
export { createMerchantClient } from './merchant-client.js'
export type { MerchantClient, MerchantClientOptions } from './merchant-client.js'
export { VitrineProvider, useVitrineClient, createVitrineQueryClient } from './provider.js'
export type { VitrineProviderProps } from './provider.js'
export { MerchantProvider, useMerchantClient } from './merchant-provider.js'
export type { MerchantProviderProps } from './merchant-provider.js'
export { vitrineKeys } from './keys.js'
export type { TotalsKeyInput } from './keys.js'
export {
  fetchProducts,
  productsQueryOptions,
  collectionsQueryOptions,
  useProducts,
  useCollections,
} from './catalog.js'
export {
  productQueryOptions,
  availabilityQueryOptions,
  collectionQueryOptions,
  useProduct,
  useProductAvailability,
  useCollection,
} from './catalog-item.js'
export type { ProductListParams, ProductPage, ProductSort, CatalogReader } from './catalog.js'
export { cartQueryOptions, cartTotalsQueryOptions, useCart, useCartTotals } from './cart.js'
export type { CartTotalsInput } from './cart.js'
export {
  useAddToCart,
  useUpdateCartItemQuantity,
  useRemoveCartItem,
  useApplyCoupon,
  useRemoveCoupon,
  useCheckout,
} from './cart-mutations.js'
export type { AddToCartInput, CheckoutInput } from './cart-mutations.js'
export { memberQueryOptions, useMember } from './members.js'
export type { MemberProfile, MemberState } from './members.js'
export {
  useLogin,
  useRegister,
  useVerifyEmail,
  useSendPasswordReset,
  useResetPassword,
  useChangePassword,
  useLogout,
  useHostedLogin,
} from './member-actions.js'
export type { HostedLoginStart } from './member-actions.js'
export {
  merchantProductsQueryOptions,
  merchantProductQueryOptions,
  useMerchantProduct,
  merchantCollectionsQueryOptions,
  useMerchantProducts,
  useMerchantCollections,
  useCreateProduct,
  useUpdateProduct,
  useDeleteProduct,
  useUpdateVariants,
  useResetVariants,
  useAddProductMedia,
  useRemoveProductMedia,
  useRemoveBrand,
  useRemoveRibbon,
  useCreateCollection,
  useUpdateCollection,
  useDeleteCollection,
  useAddProductsToCollection,
  useRemoveProductsFromCollection,
  useBulkUpdateProducts,
  useBulkAdjustProducts,
} from './merchant.js'
export type { BulkAdjustInput, CollectionProducts } from './merchant.js'
export {
  orderFilter,
  orderNumberIn,
  merchantOrdersQueryOptions,
  merchantOrderQueryOptions,
  orderFulfillmentsQueryOptions,
  useMerchantOrders,
  useMerchantOrder,
  useOrderFulfillments,
  useCancelOrder,
  useFulfillOrder,
} from './merchant-orders.js'
export type { OrderListParams, CancelOrderInput, FulfillOrderInput } from './merchant-orders.js'
export { describeError } from './errors.js'
export { useIsOffline } from './network.js'
