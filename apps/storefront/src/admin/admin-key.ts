/**
 * The merchant's admin key lives in this tab's session storage only: never in the bundle, never
 * in local storage, gone when the tab closes or the merchant signs out.
 */
const STORAGE_KEY = 'vitrine.admin-key'

/** The key this tab signed in with, or `null`. */
export function readAdminKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/** Keeps `key` for this tab. */
export function saveAdminKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key)
}

/** Forgets the key (sign-out). */
export function clearAdminKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage unavailable: there is nothing to forget.
  }
}
