import type { Address } from '@vitrine/client'
import { useCallback, useSyncExternalStore } from 'react'

/** What the shopper chose for the totals estimate: where to ship and how. */
export interface Estimate {
  address?: Address
  shippingOptionCode?: string
}

const KEY = 'vitrine.cart-estimate'
const NONE: Estimate = {}
const listeners = new Set<() => void>()
let last: { raw: string | null; estimate: Estimate } = { raw: null, estimate: NONE }
/** The estimate when the tab's storage is blocked: kept for this page only. */
let unstored: string | null = null

/** The estimate saved in this tab, if any. */
export function readEstimate(): Estimate {
  let raw = unstored
  try {
    raw = sessionStorage.getItem(KEY)
  } catch {
    // Storage blocked: the page's own.
  }
  if (raw === last.raw) return last.estimate
  let estimate = NONE
  try {
    const stored = JSON.parse(raw ?? '{}') as unknown
    if (stored && typeof stored === 'object') estimate = stored as Estimate
  } catch {
    // A value that is not ours: no estimate.
  }
  last = { raw, estimate }
  return estimate
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * The estimate's address and shipping option, kept for the tab's session (reloads keep it). None
 * on the server and while the page hydrates: the tab's own shows right after.
 */
export function useEstimate(): [Estimate, (next: Estimate) => void] {
  const estimate = useSyncExternalStore(subscribe, readEstimate, () => NONE)
  const save = useCallback((next: Estimate) => {
    unstored = JSON.stringify(next)
    try {
      sessionStorage.setItem(KEY, unstored)
    } catch {
      // Storage blocked: the estimate lives on for this page only.
    }
    for (const listener of [...listeners]) listener()
  }, [])
  return [estimate, save]
}
