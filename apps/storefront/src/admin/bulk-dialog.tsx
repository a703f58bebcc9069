import type { BulkProductsResponse } from '@vitrine/client'
import { describeError, useBulkAdjustProducts, useBulkUpdateProducts } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { formatAmount } from '../lib/format'
import { Dialog, FormFooter } from './dialog'
import { MoneyField, SelectField, TextField } from './fields'
import { amountError, parseDecimal } from './numbers'
import { InlineError } from './states'
import { useToast } from './toasts'
import { violationsOf, type FieldErrors } from './violations'

/** Set values, or adjust them by an amount or a percentage. */
export type BulkMode = 'set' | 'adjust'

type Property = 'price' | 'cost' | 'weight'

const PROPERTIES: readonly { value: Property; label: string }[] = [
  { value: 'price', label: 'Price' },
  { value: 'cost', label: 'Cost' },
  { value: 'weight', label: 'Weight' },
]

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`

/** The outcome of a bulk call in one sentence, and whether all went well. */
export function bulkOutcome(
  response: BulkProductsResponse | undefined,
  count: number,
): { ok: boolean; message: string } {
  const failures = (response?.results ?? []).filter((result) => !result.itemMetadata?.success)
  const done = response?.bulkActionMetadata?.totalSuccesses ?? count - failures.length
  if (failures.length === 0) return { ok: true, message: `Updated ${plural(done)}.` }
  const why = failures[0]?.itemMetadata?.error?.description
  return {
    ok: false,
    message: `Updated ${done} of ${plural(count)}; ${failures.length} not changed${why ? `: ${why}` : ''}.`,
  }
}

/** Which property a violation of the bulk body concerns (`set.price`, `adjust.cost.amount`). */
const bulkField = (path: string) =>
  /^(?:set|adjust)\.(price|cost|weight)/.exec(path)?.[1] ??
  (/^(?:set|adjust)$/.test(path) ? 'value' : undefined)

/** The bulk-change dialog of the product list, for the selected products. */
export function BulkDialog({
  mode,
  productIds,
  onClose,
  onDone,
}: {
  mode: BulkMode | null
  productIds: string[]
  onClose: () => void
  onDone: () => void
}) {
  return (
    <Dialog
      open={mode !== null}
      title={mode === 'adjust' ? 'Adjust selected products' : 'Set values of selected products'}
      description={
        mode === 'adjust'
          ? `Raise or lower a value of ${plural(productIds.length)} by an amount or a percentage.`
          : `Give ${plural(productIds.length)} the same price, cost or weight. Leave a box empty to keep it.`
      }
      onClose={onClose}
    >
      {mode === 'set' && <SetForm productIds={productIds} onClose={onClose} onDone={onDone} />}
      {mode === 'adjust' && (
        <AdjustForm productIds={productIds} onClose={onClose} onDone={onDone} />
      )}
    </Dialog>
  )
}

interface FormProps {
  productIds: string[]
  onClose: () => void
  onDone: () => void
}

function useReport(count: number, onDone: () => void) {
  const toast = useToast()
  return (response: BulkProductsResponse | undefined) => {
    const outcome = bulkOutcome(response, count)
    if (outcome.ok) toast.success(outcome.message)
    else toast.error(outcome.message)
    onDone()
  }
}

function SetForm({ productIds, onClose, onDone }: FormProps) {
  const [values, setValues] = useState<Record<Property, string>>({
    price: '',
    cost: '',
    weight: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const mutation = useBulkUpdateProducts()
  const report = useReport(productIds.length, onDone)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: FieldErrors = {}
    for (const { value } of PROPERTIES) {
      const message = amountError(values[value], value === 'weight' ? 3 : 2)
      if (message) found[value] = message
    }
    const set = Object.fromEntries(
      PROPERTIES.flatMap(({ value }) => {
        const number = parseDecimal(values[value])
        return number === undefined ? [] : [[value, number]]
      }),
    ) as Partial<Record<Property, number>>
    if (Object.keys(found).length === 0 && Object.keys(set).length === 0)
      found.price = 'Fill in at least one of price, cost or weight'
    setErrors(found)
    setFailure(undefined)
    if (Object.keys(found).length) {
      document.getElementById(`bulk-${Object.keys(found)[0]}`)?.focus()
      return
    }
    try {
      report(await mutation.mutateAsync({ productIds, set }))
    } catch (error) {
      const { fields } = violationsOf(error, bulkField)
      setErrors(fields)
      setFailure(describeError(error))
    }
  }

  const field = (property: Property) => ({
    id: `bulk-${property}`,
    value: values[property],
    onValue: (value: string) => setValues((current) => ({ ...current, [property]: value })),
    error: errors[property],
  })

  return (
    <form onSubmit={submit} noValidate>
      <div className="adm-form-grid adm-form-grid--3">
        <MoneyField label="Price" {...field('price')} />
        <MoneyField label="Cost" {...field('cost')} />
        <TextField label="Weight" inputMode="decimal" suffix="kg" {...field('weight')} />
      </div>
      <InlineError message={failure} />
      <FormFooter
        pending={mutation.isPending}
        label="Apply to selected"
        pendingLabel="Applying…"
        onClose={onClose}
      />
    </form>
  )
}

function AdjustForm({ productIds, onClose, onDone }: FormProps) {
  const [property, setProperty] = useState<Property>('price')
  const [by, setBy] = useState<'amount' | 'percentage'>('percentage')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const mutation = useBulkAdjustProducts()
  const report = useReport(productIds.length, onDone)

  const number = parseDecimal(value)
  const unit = property === 'weight' ? ' kg' : ''
  const preview =
    number === undefined || Number.isNaN(number) || number === 0
      ? null
      : `${PROPERTIES.find((p) => p.value === property)!.label} of ${plural(productIds.length)} ${number > 0 ? 'goes up' : 'goes down'} by ${
          by === 'percentage'
            ? `${Math.abs(number)}%`
            : property === 'weight'
              ? `${Math.abs(number)}${unit}`
              : formatAmount(Math.abs(number))
        }.`

  function check(): string | undefined {
    if (number === undefined) return 'Enter how much to change it by'
    if (Number.isNaN(number)) return 'Enter a number, like 10 or -5'
    if (number === 0) return 'A change of 0 changes nothing'
    if (by === 'percentage' && (number < -100 || number > 10000))
      return 'A percentage from -100 to 10000'
    if (by === 'amount' && Math.abs(number) > 1e9) return 'At most 1,000,000,000 either way'
    return undefined
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const message = check()
    setError(message)
    setFailure(undefined)
    if (message) {
      document.getElementById('bulk-change')?.focus()
      return
    }
    try {
      report(await mutation.mutateAsync({ productIds, adjust: { [property]: number! }, by }))
    } catch (failed) {
      const { fields } = violationsOf(failed, bulkField)
      setError(Object.values(fields)[0])
      setFailure(describeError(failed))
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className="adm-form-grid adm-form-grid--2">
        <SelectField
          id="bulk-property"
          label="Change"
          value={property}
          onValue={setProperty}
          options={PROPERTIES}
        />
        <fieldset className="adm-segmented">
          <legend className="adm-field__label">By</legend>
          <div className="adm-segmented__options">
            {(['percentage', 'amount'] as const).map((option) => (
              <label key={option} className="adm-segmented__option">
                <input
                  type="radio"
                  name="bulk-by"
                  value={option}
                  checked={by === option}
                  onChange={() => setBy(option)}
                />
                <span>{option === 'percentage' ? 'Percentage' : 'Amount'}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <TextField
        id="bulk-change"
        label={
          by === 'percentage' ? 'Change (%)' : property === 'weight' ? 'Change (kg)' : 'Change ($)'
        }
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onValue={setValue}
        error={error}
        hint="Use a minus sign to lower it, like -10."
        suffix={by === 'percentage' ? '%' : property === 'weight' ? 'kg' : '$'}
      />
      <p className="adm-preview" aria-live="polite">
        {preview}
      </p>
      <InlineError message={failure} />
      <FormFooter
        pending={mutation.isPending}
        label="Apply to selected"
        pendingLabel="Applying…"
        onClose={onClose}
      />
    </form>
  )
}
