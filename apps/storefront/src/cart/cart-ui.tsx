import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react'

/** The cart drawer's state and the shop's polite announcer (cart updates are read out). */
export interface CartUi {
  /** The header's cart button: focus goes back to it when the drawer closes. */
  opener: RefObject<HTMLButtonElement | null>
  /** The control that opened the drawer, when not the cart button ("Add to cart"). */
  returnTo: RefObject<HTMLElement | null>
  drawerOpen: boolean
  /** Opens the drawer; focus goes back to `from` when it closes (else to the cart button). */
  openDrawer(from?: HTMLElement | null): void
  closeDrawer(): void
  /** Reads `message` out to screen-reader users (an `aria-live` region). */
  announce(message: string): void
}

const CartUiContext = createContext<CartUi | null>(null)

/** Holds the drawer's open state and renders the live region that `announce` writes to. */
export function CartUiProvider({ children }: { children: ReactNode }) {
  const opener = useRef<HTMLButtonElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [announcement, setAnnouncement] = useState({ text: '', id: 0 })
  const openDrawer = useCallback((from?: HTMLElement | null) => {
    returnTo.current = from ?? null
    setDrawerOpen(true)
  }, [])
  const closeDrawer = useCallback(() => setDrawerOpen(false), [])
  const announce = useCallback(
    (text: string) => setAnnouncement((last) => ({ text, id: last.id + 1 })),
    [],
  )
  const value = useMemo(
    () => ({ opener, returnTo, drawerOpen, openDrawer, closeDrawer, announce }),
    [drawerOpen, openDrawer, closeDrawer, announce],
  )
  return (
    <CartUiContext.Provider value={value}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {/* A new key per message, so that the same text twice is read twice. */}
        <span key={announcement.id}>{announcement.text}</span>
      </div>
    </CartUiContext.Provider>
  )
}

/** The cart drawer and announcer; inside `CartUiProvider` only. */
export function useCartUi(): CartUi {
  const value = useContext(CartUiContext)
  if (!value) throw new Error('useCartUi must be used inside <CartUiProvider>')
  return value
}
