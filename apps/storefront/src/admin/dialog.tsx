import { describeError } from '@vitrine/react'
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react'
import { InlineError } from './states'

/** The heading of the page (focusable), where focus goes when a dialog's opener is gone. */
const pageHeading = () => document.querySelector<HTMLElement>('.adm-page-header__title')

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus and closes it on Escape; on
 * close, focus goes back to what had it before (the button that opened it), or to the page's
 * heading when that button is gone (a deleted row). The first element
 * with `data-autofocus`, else the first field, takes focus when it opens.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  footer,
  size = 'medium',
}: {
  open: boolean
  title: string
  description?: ReactNode
  onClose: () => void
  children?: ReactNode
  footer?: ReactNode
  size?: 'small' | 'medium' | 'large'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        ':is(.adm-dialog__body, .adm-dialog__footer) :is(input, select, textarea, button)',
      )
    first?.focus()
    const cancel = (event: Event) => {
      event.preventDefault()
      onCloseRef.current()
    }
    dialog.addEventListener('cancel', cancel)
    return () => {
      dialog.removeEventListener('cancel', cancel)
      if (dialog.open) dialog.close()
      // Once the page has caught up (a deleted row gone), back to the opener, else the heading.
      requestAnimationFrame(() => {
        // Opened again meanwhile (React's development re-run of effects): focus stays inside.
        if (dialog.isConnected && dialog.open) return
        const target = opener?.isConnected ? opener : pageHeading()
        target?.focus({ preventScroll: true })
      })
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={`adm-dialog adm-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <div className="adm-dialog__header">
        <h2 id={titleId} className="adm-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="adm-dialog__close adm-icon-button"
          onClick={onClose}
          aria-label="Close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {description && (
        <div id={descriptionId} className="adm-dialog__description">
          {description}
        </div>
      )}
      {children && <div className="adm-dialog__body">{children}</div>}
      {footer && <div className="adm-dialog__footer">{footer}</div>}
    </dialog>
  )
}

/**
 * Runs an action unless the last one is still running: a double click on a button that writes
 * acts once, even before the page has re-rendered the button as disabled.
 */
export function useOneAtATime(): (action: () => Promise<void>) => Promise<void> {
  const running = useRef(false)
  return useCallback(async (action) => {
    if (running.current) return
    running.current = true
    try {
      await action()
    } finally {
      running.current = false
    }
  }, [])
}

/** What a confirm dialog reads of the mutation it confirms (a TanStack Query mutation). */
export interface ConfirmedMutation {
  isPending: boolean
  isError: boolean
  error: unknown
  reset: () => void
}

/**
 * "Are you sure?" before something that cannot be undone: `onConfirm` runs `mutation`, once however
 * often the button is clicked; while it runs the button waits, and when it fails the dialog shows
 * why (and forgets it on close).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel = 'Cancel',
  mutation,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  /** The button that closes the dialog without acting. */
  dismissLabel?: string
  mutation: ConfirmedMutation
  onConfirm: () => Promise<void>
  onClose: () => void
}) {
  const pending = mutation.isPending
  const once = useOneAtATime()
  const close = () => {
    onClose()
    mutation.reset()
  }
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={close}
      size="small"
      footer={
        <>
          <button type="button" className="adm-button" onClick={close} data-autofocus>
            {dismissLabel}
          </button>
          <button
            type="button"
            className="adm-button adm-button--danger"
            // A failure stays on the mutation, and the dialog shows it.
            onClick={() => void once(onConfirm).catch(() => undefined)}
            disabled={pending}
          >
            {pending ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      {mutation.isError && <InlineError message={describeError(mutation.error)} />}
    </Dialog>
  )
}

/** A dialog form's buttons: Cancel, and submit (`label`; `pendingLabel`, disabled, while pending). */
export function FormFooter({
  pending,
  label,
  pendingLabel,
  onClose,
}: {
  pending: boolean
  label: string
  pendingLabel: string
  onClose: () => void
}) {
  return (
    <div className="adm-dialog__footer adm-dialog__footer--inline">
      <button type="button" className="adm-button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" className="adm-button adm-button--primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  )
}
