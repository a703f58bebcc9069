import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  STORES_APP_ID,
  type Address,
  type Cart,
  type CatalogReference,
  type LineItem,
  type Product,
} from '@vitrine/client'
import type { VitrineClient } from './clients.js'
import { vitrineKeys } from './keys.js'
import { useVitrineClient } from './provider.js'

/** The key every cart mutation shares: concurrent ones know of each other. */
const CART_MUTATION = [...vitrineKeys.cart(), 'mutation'] as const

/** What {@link useAddToCart} takes. */
export interface AddToCartInput {
  productId: string
  quantity: number
  /** The choices (`{ options: { Size: 'M' } }`) or the variant (`{ variantId }`) to buy. */
  options?: { options?: Record<string, string>; variantId?: string }
}

type ItemOptions = NonNullable<AddToCartInput['options']>

/** The catalog reference of a Stores product (wire contract §1). */
const catalogReference = (
  productId: string,
  options?: AddToCartInput['options'],
): CatalogReference => ({
  catalogItemId: productId,
  appId: STORES_APP_ID,
  ...(options && { options }),
})

const sorted = (value: unknown) =>
  JSON.stringify(value && typeof value === 'object' ? Object.entries(value).sort() : value)

/** Whether `line` is the same product and choice as `reference`. */
function sameItem(line: LineItem, reference: CatalogReference): boolean {
  const theirs = line.catalogReference
  if (theirs?.catalogItemId !== reference.catalogItemId) return false
  const mine: ItemOptions = reference.options ?? {}
  const other: ItemOptions = theirs.options ?? {}
  if (mine.variantId && other.variantId) return mine.variantId === other.variantId
  return sorted(mine.options) === sorted(other.options)
}

/** The product `productId` if a product query has it cached: names the optimistic line. */
function cachedProduct(queryClient: QueryClient, productId: string): Product | undefined {
  const prefix = [...vitrineKeys.catalog(), 'product']
  return queryClient
    .getQueriesData<Product>({ queryKey: prefix })
    .map(([, product]) => product)
    .find((product) => product?.id === productId)
}

interface Optimistic<V> {
  /** The cart as it will be once the server agrees; `pending: true` marks guessed lines. */
  update(cart: Cart, variables: V, queryClient: QueryClient): Cart
}

/**
 * A cart mutation (TanStack Query's optimistic-update recipe): the cart shows the change at once
 * (`onMutate`), is restored if the server refuses (`onError`), takes the server's cart when it
 * answers, and is refetched with its totals once the last concurrent cart change has settled.
 */
function useCartMutation<V, R>(
  call: (client: VitrineClient, variables: V) => Promise<R>,
  cartOf: (result: R) => Cart,
  optimistic?: Optimistic<V>,
) {
  const client = useVitrineClient()
  const queryClient = useQueryClient()
  const key = vitrineKeys.cart()
  return useMutation({
    mutationKey: CART_MUTATION,
    mutationFn: (variables: V) => call(client, variables),
    onMutate: async (variables) => {
      const previous = queryClient.getQueryData<Cart | null>(key)
      // Only a cart we know can be changed in place; an unknown one just gets refetched.
      if (!optimistic || previous === undefined) return undefined
      await queryClient.cancelQueries({ queryKey: key, exact: true })
      const base: Cart = previous ?? { lineItems: [] }
      queryClient.setQueryData(key, optimistic.update(base, variables, queryClient))
      return { previous }
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(key, context.previous)
    },
    onSuccess: (result) => {
      queryClient.setQueryData(key, cartOf(result))
    },
    onSettled: () =>
      queryClient.isMutating({ mutationKey: CART_MUTATION }) === 1
        ? queryClient.invalidateQueries({ queryKey: key })
        : undefined,
  })
}

const fromResponse = (response: { cart: Cart }) => response.cart

/**
 * Adds a product (with its choices or variant) to the cart; the line shows at once, marked
 * `pending: true` until the server answers.
 */
export function useAddToCart() {
  return useCartMutation(
    (client, { productId, quantity, options }: AddToCartInput) =>
      client.currentCart.addToCurrentCart({
        lineItems: [{ quantity, catalogReference: catalogReference(productId, options) }],
      }),
    fromResponse,
    {
      update(cart, { productId, quantity, options }, queryClient) {
        const reference = catalogReference(productId, options)
        const same = cart.lineItems.find((line) => sameItem(line, reference))
        if (same)
          return {
            ...cart,
            lineItems: cart.lineItems.map((line) =>
              line === same ? { ...line, quantity: (line.quantity ?? 0) + quantity } : line,
            ),
          }
        const product = cachedProduct(queryClient, productId)
        const line: LineItem = {
          id: `pending-${productId}-${cart.lineItems.length}`,
          quantity,
          catalogReference: reference,
          pending: true,
          ...(product?.name && { productName: { original: product.name } }),
          ...(product?.media?.mainMedia?.image?.url && {
            image: product.media.mainMedia.image.url,
          }),
        }
        return { ...cart, lineItems: [...cart.lineItems, line] }
      },
    },
  )
}

/** Sets the quantity of a line of the cart; the new quantity shows at once. */
export function useUpdateCartItemQuantity() {
  return useCartMutation(
    (client, { lineItemId, quantity }: { lineItemId: string; quantity: number }) =>
      client.currentCart.updateCurrentCartLineItemQuantity([{ id: lineItemId, quantity }]),
    fromResponse,
    {
      update: (cart, { lineItemId, quantity }) => ({
        ...cart,
        lineItems: cart.lineItems.map((line) =>
          line.id === lineItemId ? { ...line, quantity } : line,
        ),
      }),
    },
  )
}

/** Removes a line from the cart; it disappears at once. */
export function useRemoveCartItem() {
  return useCartMutation(
    (client, { lineItemId }: { lineItemId: string }) =>
      client.currentCart.removeLineItemsFromCurrentCart([lineItemId]),
    fromResponse,
    {
      update: (cart, { lineItemId }) => ({
        ...cart,
        lineItems: cart.lineItems.filter((line) => line.id !== lineItemId),
      }),
    },
  )
}

/** Applies a coupon code to the cart (the server decides whether it is valid). */
export function useApplyCoupon() {
  return useCartMutation(
    (client, { code }: { code: string }) =>
      client.currentCart.updateCurrentCart({ couponCode: code }),
    (cart) => cart,
  )
}

/** Removes the cart's coupon. */
export function useRemoveCoupon() {
  return useCartMutation(
    (client, _: void) => client.currentCart.removeCouponFromCurrentCart(),
    fromResponse,
  )
}

/** What {@link useCheckout} takes: where the hosted checkout sends the shopper back to. */
export interface CheckoutInput {
  thankYouPageUrl: string
  postFlowUrl?: string
  cartPageUrl?: string
  /** Known already: given to the checkout so the shopper need not type it again. */
  shippingAddress?: Address
  shippingOptionCode?: string
  email?: string
}

/**
 * Creates a checkout of the current cart and a redirect session to the hosted checkout page; the
 * caller navigates to `redirectUrl`.
 *
 * @example
 * const { redirectUrl } = await checkout.mutateAsync({ thankYouPageUrl: `${origin}/thank-you` })
 * location.assign(redirectUrl)
 */
export function useCheckout() {
  const client = useVitrineClient()
  return useMutation({
    mutationFn: async (input: CheckoutInput) => {
      const { thankYouPageUrl, postFlowUrl, cartPageUrl, shippingOptionCode, ...details } = input
      const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
        channelType: 'WEB',
        ...details,
        ...(shippingOptionCode && { selectedShippingOption: { code: shippingOptionCode } }),
      })
      const { redirects } = await client.redirects()
      const { redirectSession } = await redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl, postFlowUrl, cartPageUrl },
      })
      return { checkoutId, redirectUrl: redirectSession.fullUrl }
    },
  })
}
