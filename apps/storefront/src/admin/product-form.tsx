import { describeError } from '@vitrine/react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  ErrorSummary,
  fieldId,
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from './fields'
import { formatAmount } from '../lib/format'
import { parseDecimal } from './numbers'
import { OptionsEditor } from './options-editor'
import { LIMITS, productField, validateDraft, type ProductDraft } from './product-draft'
import { hasErrors, violationsOf, type FieldErrors } from './violations'

const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  sku: 'SKU',
  brand: 'Brand',
  ribbon: 'Ribbon',
  price: 'Price',
  cost: 'Cost',
  weight: 'Weight',
  discountType: 'Discount',
  discountValue: 'Discount',
  quantity: 'Quantity',
  visible: 'Visibility',
  slug: 'Address',
  options: 'Options',
}

/** The words for a field id in the error summary. */
export function fieldLabel(field: string): string {
  const option = /^options\.(\d+)\.(name|choices)(?:\.(\d+))?$/.exec(field)
  if (option) {
    const [, i, part, j] = option
    const which = `Option ${Number(i) + 1}`
    if (part === 'name') return `${which} name`
    return j === undefined ? `${which} choices` : `${which}, choice ${Number(j) + 1}`
  }
  return LABELS[field] ?? field
}

/** What the shopper pays after the discount, the profit and the margin, while the merchant types. */
function Profit({ draft }: { draft: ProductDraft }) {
  const price = parseDecimal(draft.price)
  const cost = parseDecimal(draft.cost)
  if (price === undefined || cost === undefined || Number.isNaN(price + cost)) return null
  const off = draft.discountType === 'NONE' ? 0 : (parseDecimal(draft.discountValue) ?? 0)
  const sale = Math.max(
    0,
    draft.discountType === 'PERCENT' ? price * (1 - off / 100) : price - (off || 0),
  )
  const profit = sale - cost
  return (
    <p className="adm-profit">
      Shoppers pay <strong>{formatAmount(sale)}</strong> · Profit{' '}
      <strong>{formatAmount(profit)}</strong>
      {sale > 0 && (
        <>
          {' '}
          · Margin <strong>{Math.round((profit / sale) * 100)}%</strong>
        </>
      )}
    </p>
  )
}

/**
 * The product's fields (details, pricing, inventory, options, visibility), checked as the
 * platform checks them before anything is sent; the platform's field violations land next to
 * their fields too. `onSave` rejects with the platform's error when saving failed.
 */
export function ProductForm({
  id,
  initial,
  submitLabel,
  onSave,
  optionsNote,
}: {
  /** The form's id: a submit button elsewhere on the page (the header's) names it in `form`. */
  id: string
  initial: ProductDraft
  submitLabel: string
  onSave: (draft: ProductDraft) => Promise<void>
  /** Shown above the options (e.g. what changing them does to the variants). */
  optionsNote?: ReactNode
}) {
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [other, setOther] = useState<string[]>([])
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)
  const summary = useRef<HTMLDivElement>(null)

  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    const found = validateDraft(draft)
    setErrors(found)
    setOther([])
    setFailure(undefined)
    if (hasErrors(found)) {
      requestAnimationFrame(() => summary.current?.focus())
      return
    }
    setSaving(true)
    try {
      await onSave(draft)
    } catch (error) {
      const { fields, other: rest } = violationsOf(error, productField)
      setErrors(fields)
      setOther(rest)
      if (!hasErrors(fields) && rest.length === 0) setFailure(describeError(error))
      requestAnimationFrame(() => summary.current?.focus())
    } finally {
      setSaving(false)
    }
  }

  const text = (key: keyof ProductDraft & keyof typeof LABELS) => ({
    id: fieldId(key),
    label: LABELS[key]!,
    value: draft[key] as string,
    onValue: (value: string) => set(key, value as never),
    error: errors[key],
  })

  return (
    <form id={id} className="adm-product-form" onSubmit={submit} noValidate aria-label="Product">
      <div className="adm-product-form__summary">
        <ErrorSummary
          errors={errors}
          other={failure ? [failure] : other}
          labels={fieldLabel}
          summaryRef={summary}
        />
      </div>
      <div className="adm-editor-grid">
        <div className="adm-editor-grid__main">
          <section className="adm-card" aria-labelledby="section-details">
            <h2 id="section-details" className="adm-card__title">
              Details
            </h2>
            <TextField {...text('name')} maxLength={LIMITS.name} required autoComplete="off" />
            <TextAreaField
              {...text('description')}
              hint="Shown on the product page. Simple HTML such as <p> and <strong> is allowed."
              rows={6}
            />
          </section>

          <section className="adm-card" aria-labelledby="section-pricing">
            <h2 id="section-pricing" className="adm-card__title">
              Pricing
            </h2>
            <div className="adm-form-grid adm-form-grid--2">
              <MoneyField {...text('price')} required />
              <MoneyField {...text('cost')} hint="What it costs you. Never shown to shoppers." />
            </div>
            <Profit draft={draft} />
            <div className="adm-form-grid adm-form-grid--2">
              <SelectField
                id={fieldId('discountType')}
                label="Discount"
                value={draft.discountType}
                onValue={(value) => set('discountType', value)}
                options={[
                  { value: 'NONE', label: 'No discount' },
                  { value: 'PERCENT', label: 'Percentage off' },
                  { value: 'AMOUNT', label: 'Amount off' },
                ]}
                error={errors.discountType}
              />
              {draft.discountType !== 'NONE' && (
                <TextField
                  {...text('discountValue')}
                  label={draft.discountType === 'PERCENT' ? 'Percentage off' : 'Amount off'}
                  inputMode="decimal"
                  autoComplete="off"
                  {...(draft.discountType === 'PERCENT' ? { suffix: '%' } : { prefix: '$' })}
                />
              )}
            </div>
          </section>

          <section className="adm-card" aria-labelledby="section-inventory">
            <h2 id="section-inventory" className="adm-card__title">
              Inventory and shipping
            </h2>
            <div className="adm-form-grid adm-form-grid--2">
              <TextField {...text('sku')} maxLength={LIMITS.sku} autoComplete="off" />
              <TextField
                {...text('weight')}
                inputMode="decimal"
                autoComplete="off"
                suffix="kg"
                hint="Used for shipping rates."
              />
            </div>
            <SwitchField
              id={fieldId('trackInventory')}
              label="Track quantity"
              hint={
                draft.manageVariants && !draft.stockPerVariant
                  ? 'Each variant starts with this quantity.'
                  : 'Count stock down as orders come in.'
              }
              checked={draft.trackInventory}
              onChecked={(value) => set('trackInventory', value)}
            />
            {draft.trackInventory && draft.stockPerVariant ? (
              <p className="adm-note">
                Each variant keeps its own stock: {draft.quantity || 0} in all. See Variants below.
              </p>
            ) : draft.trackInventory ? (
              <TextField
                {...text('quantity')}
                label="Quantity in stock"
                inputMode="numeric"
                autoComplete="off"
                className="adm-field--narrow"
              />
            ) : (
              <SwitchField
                id={fieldId('inStock')}
                label="In stock"
                checked={draft.inStock}
                onChecked={(value) => set('inStock', value)}
              />
            )}
          </section>

          <section className="adm-card" aria-labelledby="section-options">
            <h2 id="section-options" className="adm-card__title">
              Options
            </h2>
            {optionsNote}
            <OptionsEditor
              options={draft.options}
              errors={errors}
              onChange={(options) => set('options', options)}
            />
            <SwitchField
              id={fieldId('manageVariants')}
              label="Set price, cost, weight and SKU per variant"
              hint="Off: every variant sells at the product’s price."
              checked={draft.manageVariants}
              onChecked={(value) => set('manageVariants', value)}
            />
          </section>
        </div>

        <div className="adm-editor-grid__aside">
          <section className="adm-card" aria-labelledby="section-status">
            <h2 id="section-status" className="adm-card__title">
              Visibility
            </h2>
            <SwitchField
              id={fieldId('visible')}
              label="Visible in the shop"
              hint={draft.visible ? 'Shoppers can find and buy it.' : 'Hidden from shoppers.'}
              checked={draft.visible}
              onChecked={(value) => set('visible', value)}
            />
          </section>
          <section className="adm-card" aria-labelledby="section-organization">
            <h2 id="section-organization" className="adm-card__title">
              Organization
            </h2>
            <SelectField
              id={fieldId('productType')}
              label="Type"
              value={draft.productType}
              onValue={(value) => set('productType', value)}
              options={[
                { value: 'physical', label: 'Physical product' },
                { value: 'digital', label: 'Digital product' },
              ]}
            />
            <TextField {...text('brand')} maxLength={LIMITS.brand} autoComplete="off" />
            <TextField
              {...text('ribbon')}
              maxLength={LIMITS.ribbon}
              autoComplete="off"
              hint="A short label on the product card, like New or Sale."
            />
          </section>
        </div>
      </div>

      <div className="adm-save-bar">
        <p className="adm-save-bar__status" aria-live="polite">
          {saving ? 'Saving…' : ''}
        </p>
        <button type="submit" className="adm-button adm-button--primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  )
}
