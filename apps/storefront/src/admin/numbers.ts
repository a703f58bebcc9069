/** The largest price, cost or weight the catalog takes. */
export const MAX_AMOUNT = 1e9

/** A decimal the person typed (`12.50`, `12,5`); `undefined` for an empty box, `NaN` for text. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return undefined
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed) ? Number(trimmed) : NaN
}

/**
 * Why `text` is not a valid amount (`0` to {@link MAX_AMOUNT}, at most `digits` decimals), or
 * `undefined` when it is. An empty box is valid unless `required`.
 */
export function amountError(text: string, digits: number, required = false): string | undefined {
  const value = parseDecimal(text)
  if (value === undefined) return required ? 'Enter an amount' : undefined
  if (Number.isNaN(value)) return 'Enter a number, like 12.50'
  if (value < 0) return 'Must be 0 or more'
  if (value > MAX_AMOUNT) return 'Must be at most 1,000,000,000'
  const decimals = text.trim().replace(',', '.').split('.')[1] ?? ''
  if (decimals.length > digits) return `Use at most ${digits} decimals`
  return undefined
}

/** A number as a form box shows it (`undefined` → empty). */
export const toText = (value: number | undefined | null): string =>
  value === undefined || value === null ? '' : String(value)
