import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { isApiError, type Cart } from '@vitrine/client'
import type { VitrineClient } from './clients.js'
import { vitrineKeys, type TotalsKeyInput } from './keys.js'
import { useVitrineClient } from './provider.js'

/** The query of the current cart: `null` when the visitor has none yet. */
export const cartQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: vitrineKeys.cart(),
    queryFn: async ({ signal }): Promise<Cart | null> => {
      try {
        return await client.currentCart.getCurrentCart({ signal })
      } catch (error) {
        if (isApiError(error) && error.code === 'OWNED_CART_NOT_FOUND') return null
        throw error
      }
    },
  })

/** The query of the cart's totals for a shipping address and option. */
export const cartTotalsQueryOptions = (client: VitrineClient, input: TotalsKeyInput = {}) =>
  queryOptions({
    queryKey: vitrineKeys.totals(input),
    queryFn: ({ signal }) =>
      client.currentCart.estimateCurrentCartTotals(
        {
          shippingAddress: input.address,
          selectedShippingOption: input.shippingOptionCode
            ? { code: input.shippingOptionCode }
            : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

/** The current cart; `data` is `null` while the visitor has none. */
export function useCart() {
  return useQuery(cartQueryOptions(useVitrineClient()))
}

/** What {@link useCartTotals} takes. */
export interface CartTotalsInput extends TotalsKeyInput {
  /** Default `true`. Totals are only asked for once there is a cart. */
  enabled?: boolean
}

/**
 * The estimate of the cart's totals: `priceSummary` (subtotal, shipping, tax, discount, total), the
 * shipping options for `address`, and `calculationErrors`. Refreshed after every cart change.
 */
export function useCartTotals({ enabled = true, ...input }: CartTotalsInput = {}) {
  const client = useVitrineClient()
  const { data: cart } = useCart()
  return useQuery({ ...cartTotalsQueryOptions(client, input), enabled: enabled && !!cart })
}
