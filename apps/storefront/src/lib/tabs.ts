import type { QueryClient } from '@tanstack/react-query'
import { vitrineKeys } from '@vitrine/react'
import { useEffect } from 'react'

/** What a tab tells the shop's other tabs: its tokens changed, or its cart did. */
type TabMessage = 'tokens' | 'cart'

let channel: BroadcastChannel | undefined
const tabs = () => (channel ??= new BroadcastChannel('vitrine'))

/** Tells the shop's other tabs (not this one) that `message` happened, with its `detail`. */
export function tellTabs(message: TabMessage, detail = ''): void {
  tabs().postMessage({ message, detail })
}

/** Calls `listener` with the detail when another tab tells `message`; returns the unsubscriber. */
export function onTabMessage(message: TabMessage, listener: (detail: string) => void): () => void {
  const onMessage = ({ data }: MessageEvent<{ message?: unknown; detail?: unknown }>) => {
    if (data?.message === message) listener(String(data.detail ?? ''))
  }
  tabs().addEventListener('message', onMessage)
  return () => tabs().removeEventListener('message', onMessage)
}

/**
 * Keeps the tabs' carts together: a cart change told by another tab (`tellTabs('cart')`, once the
 * shop's action answered it there) refetches the cart here.
 */
export function useTabSync(queryClient: QueryClient): void {
  useEffect(
    () =>
      onTabMessage('cart', () => {
        void queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })
      }),
    [queryClient],
  )
}
