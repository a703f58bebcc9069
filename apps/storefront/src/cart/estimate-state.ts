import type { Address } from '@vitrine/client'
import { useCallback, useState } from 'react'

/** What the shopper chose for the totals estimate: where to ship and how. */
export interface Estimate {
  address?: Address
  shippingOptionCode?: string
}

const KEY = 'vitrine.cart-estimate'

/** The estimate saved in this tab, if any. */
export function readEstimate(): Estimate {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown
    return stored && typeof stored === 'object' ? (stored as Estimate) : {}
  } catch {
    return {}
  }
}

/** The estimate's address and shipping option, kept for the tab's session (reloads keep it). */
export function useEstimate(): [Estimate, (next: Estimate) => void] {
  const [estimate, setEstimate] = useState(readEstimate)
  const save = useCallback((next: Estimate) => {
    setEstimate(next)
    try {
      sessionStorage.setItem(KEY, JSON.stringify(next))
    } catch {
      // Storage may be full or blocked; the estimate still works for this page.
    }
  }, [])
  return [estimate, save]
}
