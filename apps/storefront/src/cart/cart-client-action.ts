import type { QueryClient, QueryFunction } from '@tanstack/react-query'
import type { Cart } from '@vitrine/client'
import { cartQueryOptions, vitrineKeys } from '@vitrine/react'
import { reachShop } from '../lib/reach-shop'
import { tellTabs } from '../lib/tabs'
import { browserClient, queries } from '../vitrine.client'
import type { CartAnswer, CartRefusal } from './cart-form'

/** The browser's cart: the page's query cache, and the cart query of the browser's client. */
export interface BrowserCart {
  queryClient: QueryClient
  /** The cart's query: `cartQueryOptions` of the browser's client. */
  cartQuery: { queryKey: CartKey; queryFn?: QueryFunction<Cart | null, CartKey, never> }
}

type CartKey = ReturnType<typeof vitrineKeys.cart>

const totalsKey = [...vitrineKeys.cart(), 'totals']

/**
 * The browser's half of a cart action (a route's `clientAction`): the cart `guess` makes shows at
 * once; the form goes to the action on the server, and the cart it answers replaces the guess in
 * the page's cache — the header, the drawer and the cart page show it, the totals are asked again,
 * the shop's other tabs are told. A refusal, or a post that did not reach the shop, puts back the
 * cart as it was (unless a later change replaced the guess meanwhile) and answers why.
 *
 * The cart is known before the post: a visitor whose browser is still getting their tokens (the
 * cart's first query) posts with those tokens, not as a second visitor the server would make.
 */
export async function changeCartIn<A extends CartAnswer>(
  { queryClient, cartQuery }: BrowserCart,
  serverAction: () => Promise<A>,
  guess?: (cart: Cart | null) => Cart | null,
): Promise<A | CartRefusal> {
  const key = cartQuery.queryKey
  const before = await queryClient
    .fetchQuery({ ...cartQuery, staleTime: Infinity })
    .catch(() => queryClient.getQueryData<Cart | null>(key))
  let guessed: Cart | null | undefined
  if (guess && before !== undefined) {
    await queryClient.cancelQueries({ queryKey: key, exact: true })
    // What the cache holds (its structural sharing may make another object of the guess).
    guessed = queryClient.setQueryData<Cart | null>(key, guess(before))
  }
  const undo = () => {
    if (guessed !== undefined && queryClient.getQueryData(key) === guessed)
      queryClient.setQueryData(key, before)
  }
  let answer: A | CartRefusal
  try {
    answer = await reachShop(serverAction)
  } catch (error) {
    undo()
    throw error
  }
  if (!('cart' in answer)) {
    undo()
    return answer
  }
  queryClient.setQueryData(key, answer.cart)
  void queryClient.invalidateQueries({ queryKey: totalsKey })
  tellTabs('cart')
  return answer
}

/** {@link changeCartIn} the page's cache, with the browser's client. */
export const changeCart = <A extends CartAnswer>(
  serverAction: () => Promise<A>,
  guess?: (cart: Cart | null) => Cart | null,
) =>
  changeCartIn(
    { queryClient: queries, cartQuery: cartQueryOptions(browserClient()) },
    serverAction,
    guess,
  )
