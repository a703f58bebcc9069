import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)
const offline = () => !onlineManager.isOnline()

/**
 * Whether the browser is offline, as TanStack Query's online manager knows it (the `online` and
 * `offline` events). Meanwhile mutations wait and queries pause; both go on when it is back, so a
 * shop can say so instead of spinning. Always `false` on the server.
 *
 * @example
 * const offline = useIsOffline()
 * {offline && add.isPaused && <p role="status">You are offline — we’ll add it when you’re back.</p>}
 */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, offline, () => false)
}
