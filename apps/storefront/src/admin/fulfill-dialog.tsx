import type { Fulfillment, Order } from '@vitrine/client'
import { describeError, useFulfillOrder } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Dialog, FormFooter, useOneAtATime } from './dialog'
import { TextField } from './fields'
import { InlineError } from './states'
import { useToast } from './toasts'
import { hasErrors, violationsOf, type FieldErrors } from './violations'

/** The tracking details' fields: their ids and the request paths the platform names them by. */
const TRACKING = {
  trackingNumber: 'fulfill-tracking-number',
  shippingProvider: 'fulfill-carrier',
  trackingLink: 'fulfill-tracking-link',
} as const
type TrackingField = keyof typeof TRACKING

const fieldOfPath = (path: string): string | undefined => {
  const name = /^fulfillment\.trackingInfo\.(\w+)$/.exec(path)?.[1]
  return name && name in TRACKING ? TRACKING[name as TrackingField] : undefined
}

const EMPTY: Record<TrackingField, string> = {
  trackingNumber: '',
  shippingProvider: '',
  trackingLink: '',
}

/** What is left to fulfill of each line of `order`, after `fulfillments`: lines with units left. */
export function remainingLines(
  order: Order,
  fulfillments: Fulfillment[],
): { id: string; quantity: number }[] {
  const done = new Map<string, number>()
  for (const fulfillment of fulfillments)
    for (const line of fulfillment.lineItems ?? [])
      done.set(line.id, (done.get(line.id) ?? 0) + (line.quantity ?? 0))
  return order.lineItems
    .map((line) => ({ id: line.id, quantity: line.quantity - (done.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0)
}

/**
 * "Mark as fulfilled": every unit of `order` left to fulfill (`remaining`) in one fulfillment,
 * with tracking details if the merchant has them.
 */
export function FulfillDialog({
  open,
  order,
  remaining,
  onClose,
}: {
  open: boolean
  order: Order
  remaining: { id: string; quantity: number }[]
  onClose: () => void
}) {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const fulfill = useFulfillOrder()
  const once = useOneAtATime()
  const toast = useToast()
  const units = remaining.reduce((sum, line) => sum + line.quantity, 0)

  function close() {
    setValues(EMPTY)
    setErrors({})
    setFailure(undefined)
    fulfill.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void once(async () => {
      const link = values.trackingLink.trim()
      const found: FieldErrors =
        link && !/^https?:\/\/\S+$/.test(link)
          ? { [TRACKING.trackingLink]: 'Give the full address, starting with https://' }
          : {}
      setErrors(found)
      setFailure(undefined)
      if (hasErrors(found)) {
        document.getElementById(Object.keys(found)[0]!)?.focus()
        return
      }
      const trackingInfo = Object.fromEntries(
        Object.entries(values)
          .map(([key, value]) => [key, value.trim()])
          .filter(([, value]) => value),
      ) as Fulfillment['trackingInfo']
      try {
        await fulfill.mutateAsync({
          orderId: order.id,
          lineItems: remaining,
          ...(Object.keys(trackingInfo ?? {}).length && { trackingInfo }),
        })
        toast.success(`Order #${order.number} is marked as fulfilled.`)
        close()
      } catch (error) {
        const { fields } = violationsOf(error, fieldOfPath)
        setErrors(fields)
        if (!hasErrors(fields)) setFailure(describeError(error))
      }
    })
  }

  const field = (name: TrackingField) => ({
    id: TRACKING[name],
    value: values[name],
    onValue: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[TRACKING[name]],
    maxLength: name === 'trackingLink' ? 2000 : 100,
  })

  return (
    <Dialog
      open={open}
      title={`Mark order #${order.number} as fulfilled`}
      description={`${units} ${units === 1 ? 'item' : 'items'} left to fulfill will be marked as sent. Add tracking details if you have them.`}
      onClose={close}
    >
      <form onSubmit={submit} noValidate aria-label="Fulfillment">
        <div className="adm-form-grid adm-form-grid--2">
          <TextField label="Tracking number (optional)" {...field('trackingNumber')} />
          <TextField
            label="Carrier (optional)"
            placeholder="e.g. UPS"
            {...field('shippingProvider')}
          />
        </div>
        <TextField
          label="Tracking link (optional)"
          type="url"
          placeholder="https://"
          {...field('trackingLink')}
        />
        <InlineError message={failure} />
        <FormFooter
          pending={fulfill.isPending}
          label="Mark as fulfilled"
          pendingLabel="Marking…"
          onClose={close}
        />
      </form>
    </Dialog>
  )
}
