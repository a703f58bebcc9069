import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * Whether this render runs in the browser with the page's script: false on the server and while
 * hydrating (so both render the same), true after. What works only with the script (a disabled
 * button until options are chosen, a drawer instead of a link) waits for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
