import type { Product, ProductVariant, Variant } from '@vitrine/client'
import { describeError, useResetVariants, useUpdateVariants } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { ConfirmDialog } from './dialog'
import { currencyOf, formatWeight } from './format'
import { formatAmount } from '../lib/format'
import { amountError, parseDecimal, toText } from './numbers'
import { InlineError } from './states'
import { useToast } from './toasts'
import { violationsOf, type FieldErrors } from './violations'

/** One variant's row as the merchant edits it. */
interface Row {
  price: string
  cost: string
  weight: string
  sku: string
  visible: boolean
}

type Column = keyof Row

const rowOf = (variant: ProductVariant): Row => ({
  price: toText(variant.variant?.priceData?.price),
  cost: toText(variant.variant?.costAndProfitData?.itemCost),
  weight: toText(variant.variant?.weight),
  sku: variant.variant?.sku ?? '',
  visible: variant.variant?.visible !== false,
})

const nameOf = (variant: ProductVariant) => Object.values(variant.choices ?? {}).join(' / ')

function stockOf(variant: ProductVariant): string {
  const stock = variant.stock
  if (stock?.inStock === false) return 'Out of stock'
  if (stock?.trackQuantity && stock.quantity !== undefined) return `${stock.quantity} in stock`
  return 'In stock'
}

/** What changed in a row, as `updateProductVariants` takes it (nothing: `undefined`). */
function updateOf(id: string, before: Row, after: Row): Variant | undefined {
  const update: Variant = { variantIds: [id] }
  for (const column of ['price', 'cost', 'weight'] as const) {
    const value = parseDecimal(after[column])
    if (after[column].trim() !== before[column] && value !== undefined) update[column] = value
  }
  if (after.sku.trim() !== before.sku) update.sku = after.sku.trim()
  if (after.visible !== before.visible) update.visible = after.visible
  return Object.keys(update).length > 1 ? update : undefined
}

/** The variants of a product: a table to edit each one's data, and a reset to the defaults. */
export function VariantsCard({ product }: { product: Product }) {
  const variants = (product.variants ?? []).filter(
    (variant) => Object.keys(variant.choices ?? {}).length > 0,
  )
  // A fresh table whenever the saved variants change (after a save, a reset, new options).
  const signature = JSON.stringify(variants.map((variant) => [variant.id, rowOf(variant)]))
  return (
    <section className="adm-card" aria-labelledby="section-variants">
      <div className="adm-card__header">
        <h2 id="section-variants" className="adm-card__title">
          Variants
        </h2>
        {variants.length > 0 && <span className="muted">{variants.length} variants</span>}
      </div>
      {variants.length === 0 ? (
        <p className="muted">
          This product has no options, so it sells as one item. Add options above (Size, Color…) and
          save to get variants.
        </p>
      ) : product.manageVariants ? (
        <VariantsEditor key={signature} product={product} variants={variants} />
      ) : (
        <>
          <p className="adm-note">
            Every variant sells at the product’s price. Turn on “Set price, cost, weight and SKU per
            variant” above and save to edit each one.
          </p>
          <VariantsSummary product={product} variants={variants} />
        </>
      )}
    </section>
  )
}

function VariantsSummary({ product, variants }: { product: Product; variants: ProductVariant[] }) {
  const currency = currencyOf(product)
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--compact">
        <caption className="visually-hidden">Variants of {product.name}</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col" className="adm-table__num">
              Price
            </th>
            <th scope="col" className="adm-table__num">
              Weight
            </th>
            <th scope="col">Stock</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => (
            <tr key={variant.id}>
              <th scope="row">{nameOf(variant)}</th>
              <td className="adm-table__num">
                {formatAmount(variant.variant?.priceData?.price, currency)}
              </td>
              <td className="adm-table__num">{formatWeight(variant.variant?.weight)}</td>
              <td>{stockOf(variant)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function VariantsEditor({ product, variants }: { product: Product; variants: ProductVariant[] }) {
  const saved = Object.fromEntries(variants.map((variant) => [variant.id, rowOf(variant)]))
  const [rows, setRows] = useState<Record<string, Row>>(saved)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [resetting, setResetting] = useState(false)
  const update = useUpdateVariants()
  const reset = useResetVariants()
  const toast = useToast()

  const set = (id: string, column: Column, value: string | boolean) =>
    setRows((current) => ({ ...current, [id]: { ...current[id]!, [column]: value } }))

  const updates = variants.flatMap((variant) => {
    const change = updateOf(variant.id, saved[variant.id]!, rows[variant.id]!)
    return change ? [change] : []
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: FieldErrors = {}
    for (const variant of variants) {
      const row = rows[variant.id]!
      for (const column of ['price', 'cost', 'weight'] as const) {
        const message = amountError(row[column], column === 'weight' ? 3 : 2)
        if (message) found[`${variant.id}.${column}`] = message
      }
      if (row.sku.trim().length > 40) found[`${variant.id}.sku`] = 'Use at most 40 characters'
    }
    setErrors(found)
    setFailure(undefined)
    const first = Object.keys(found)[0]
    if (first) {
      document.getElementById(cellId(first))?.focus()
      return
    }
    if (updates.length === 0) return
    try {
      await update.mutateAsync({ productId: product.id, variants: updates })
      toast.success(`Saved ${updates.length} ${updates.length === 1 ? 'variant' : 'variants'}.`)
    } catch (error) {
      const { fields } = violationsOf(error, (path) => {
        const match = /^variants\[(\d+)\]\.(price|cost|weight|sku|visible)/.exec(path)
        const id = match && updates[Number(match[1])]?.variantIds?.[0]
        return id ? `${id}.${match[2]}` : undefined
      })
      setErrors(fields)
      setFailure(describeError(error))
    }
  }

  async function confirmReset() {
    await reset.mutateAsync({ productId: product.id })
    setResetting(false)
    toast.success('Every variant is back to the product’s price, cost, weight and SKU.')
  }

  const currency = currencyOf(product)
  const cell = (
    variant: ProductVariant,
    column: 'price' | 'cost' | 'weight' | 'sku',
    label: string,
  ) => {
    const key = `${variant.id}.${column}`
    const error = errors[key]
    return (
      <td className={error ? 'adm-cell--invalid' : undefined}>
        <input
          id={cellId(key)}
          className="adm-input adm-input--cell"
          inputMode={column === 'sku' ? undefined : 'decimal'}
          autoComplete="off"
          value={rows[variant.id]![column]}
          onChange={(event) => set(variant.id, column, event.target.value)}
          aria-label={`${label} of ${nameOf(variant)}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${cellId(key)}-error` : undefined}
        />
        {error && (
          <span id={`${cellId(key)}-error`} className="adm-cell__error">
            {error}
          </span>
        )}
      </td>
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Variants">
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--compact adm-table--editable">
          <caption className="visually-hidden">Variants of {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price ({currency})</th>
              <th scope="col">Cost ({currency})</th>
              <th scope="col">Weight (kg)</th>
              <th scope="col">SKU</th>
              <th scope="col">Visible</th>
              <th scope="col">Stock</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <tr key={variant.id}>
                <th scope="row" className="adm-variant-name">
                  {nameOf(variant)}
                </th>
                {cell(variant, 'price', 'Price')}
                {cell(variant, 'cost', 'Cost')}
                {cell(variant, 'weight', 'Weight')}
                {cell(variant, 'sku', 'SKU')}
                <td className="adm-table__center">
                  <input
                    type="checkbox"
                    checked={rows[variant.id]!.visible}
                    onChange={(event) => set(variant.id, 'visible', event.target.checked)}
                    aria-label={`${nameOf(variant)} visible in the shop`}
                  />
                </td>
                <td className="muted adm-nowrap">{stockOf(variant)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <InlineError message={failure} />
      <div className="adm-card__footer">
        <button
          type="button"
          className="adm-button adm-button--ghost"
          onClick={() => setResetting(true)}
        >
          Reset all to product defaults…
        </button>
        <span className="muted" aria-live="polite">
          {updates.length > 0
            ? `${updates.length} ${updates.length === 1 ? 'variant' : 'variants'} changed`
            : ''}
        </span>
        <button
          type="submit"
          className="adm-button adm-button--primary"
          disabled={update.isPending || updates.length === 0}
        >
          {update.isPending ? 'Saving…' : 'Save variants'}
        </button>
      </div>
      <ConfirmDialog
        open={resetting}
        title="Reset every variant?"
        message="Each variant takes the product’s price, cost, weight and SKU again, and becomes visible. Stock stays as it is."
        confirmLabel="Reset variants"
        mutation={reset}
        onConfirm={confirmReset}
        onClose={() => setResetting(false)}
      />
    </form>
  )
}

const cellId = (key: string) => `variant-${key.replace(/\./g, '-')}`
