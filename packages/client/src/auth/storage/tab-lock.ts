/**
 * Milliseconds a tab waits for another tab's renewal before renewing itself: longer than a token
 * call may take (10 s, retries included), so a frozen or closed tab holds the others up no longer.
 */
export const RENEWAL_WAIT = 15_000

/** Resolves on the next `storage` event (another tab wrote), or after `ms`. */
const storageEvent = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      removeEventListener('storage', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    addEventListener('storage', done)
  })

/**
 * Runs `renew` while no other tab of the site renews the tokens stored under `key`, so one tab
 * renews and the others, running `renew` after it, find its tokens fresh.
 *
 * A renewing tab marks `store`; a tab that finds another's mark waits (at most
 * {@link RENEWAL_WAIT} from when it was set) until it is gone, and as the tab wrote its tokens
 * before removing its mark, they have arrived too. Web Locks, where the browser has them, decide
 * which tab goes first (a tab waits for the lock as long at most): Chromium may grant the lock
 * before the last holder's tokens arrive, which the mark covers. Without them, two tabs that look
 * in the same instant may both renew. Without a browser or storage, `renew` just runs.
 */
export async function oneTabAtATime<T>(
  key: string,
  store: Storage | undefined,
  renew: () => Promise<T>,
): Promise<T> {
  if (!store || typeof addEventListener !== 'function') return renew()
  const mark = `${key}:renewing`
  const marked = async () => {
    try {
      for (let left; (left = Number(store.getItem(mark)) + RENEWAL_WAIT - Date.now()) > 0;)
        await storageEvent(left)
      store.setItem(mark, String(Date.now()))
    } catch {
      // Blocked storage or quota: renew unmarked.
    }
    try {
      return await renew()
    } finally {
      store.removeItem(mark)
    }
  }
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return marked()
  const signal = AbortSignal.timeout(RENEWAL_WAIT)
  try {
    return await locks.request(`${key}:renewal`, { signal }, marked)
  } catch (error) {
    // Not granted in time (a frozen tab holds it): renew all the same.
    if (error === signal.reason) return marked()
    throw error
  }
}
