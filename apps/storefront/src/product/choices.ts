import type { Choice, Product, ProductOption, ProductVariant } from '@vitrine/client'

/** A choice's name as variants and the cart spell it (`Sage`, `M`); colours keep a hex `value`. */
export const choiceName = (choice: Choice): string => choice.description ?? choice.value ?? ''

/** The options a shopper picks from, with their visible choices only. */
export function visibleOptions(options: ProductOption[] | undefined): ProductOption[] {
  return (options ?? [])
    .map((option) => ({
      ...option,
      choices: (option.choices ?? []).filter((choice) => choice.visible !== false),
    }))
    .filter((option) => option.name && option.choices.length > 0)
}

/** The variant of `product` that `choices` select, when every option is chosen. */
export function variantOf(
  product: Product,
  choices: Record<string, string>,
): ProductVariant | undefined {
  const names = Object.keys(choices)
  return product.variants?.find((variant) => {
    const own = variant.choices ?? {}
    return (
      Object.keys(own).length === names.length && names.every((name) => own[name] === choices[name])
    )
  })
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** `text` with its character references (`&amp;`, `&#233;`, `&#xe9;`) decoded. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (reference, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? reference
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference
  })
}

/**
 * A product description (HTML from the catalog) as plain paragraphs, the same on the server and
 * in the browser: blocks (paragraphs, list items, headings, line breaks) become paragraphs, other
 * markup is dropped. No markup is rendered.
 */
export function paragraphsOf(html: string | undefined): string[] {
  if (!html) return []
  return html
    .split(/<\/?(?:p|li|h[1-6]|br|div|ul|ol|blockquote)\b[^>]*>/i)
    .map((block) =>
      decodeEntities(block.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
}
