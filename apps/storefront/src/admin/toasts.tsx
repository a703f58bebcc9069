import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

type Tone = 'success' | 'error'

interface Toast {
  id: number
  tone: Tone
  message: string
}

type Notify = (tone: Tone, message: string) => void

const ToastContext = createContext<Notify | null>(null)

/** How long a toast stays, and how many stay at once. */
const TOAST_MS = 5000
const MAX_TOASTS = 3

/**
 * Toasts for save results. Both live regions exist from the start (screen readers announce only
 * changes to a region already on the page): successes are polite, failures assertive.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(0)

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const notify = useCallback<Notify>(
    (tone, message) => {
      const id = ++next.current
      setToasts((current) => [...current, { id, tone, message }].slice(-MAX_TOASTS))
      setTimeout(() => dismiss(id), TOAST_MS)
    },
    [dismiss],
  )

  const list = (tone: Tone) =>
    toasts
      .filter((toast) => toast.tone === tone)
      .map((toast) => (
        <div key={toast.id} className={`adm-toast adm-toast--${toast.tone}`}>
          <span className="adm-toast__icon" aria-hidden="true">
            {tone === 'success' ? '✓' : '!'}
          </span>
          <p className="adm-toast__message">{toast.message}</p>
          <button
            type="button"
            className="adm-toast__close adm-icon-button"
            onClick={() => dismiss(toast.id)}
            aria-label="Dismiss"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))

  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="adm-toasts">
        <div role="status" aria-live="polite" className="adm-toasts__region">
          {list('success')}
        </div>
        <div role="alert" aria-live="assertive" className="adm-toasts__region">
          {list('error')}
        </div>
      </div>
    </ToastContext.Provider>
  )
}

/** `{ success(message), error(message) }` for the current console. */
export function useToast(): {
  success: (message: string) => void
  error: (message: string) => void
} {
  const notify = useContext(ToastContext)
  if (!notify) throw new Error('useToast needs a <ToastProvider> around it')
  return useMemo(
    () => ({
      success: (message: string) => notify('success', message),
      error: (message: string) => notify('error', message),
    }),
    [notify],
  )
}
