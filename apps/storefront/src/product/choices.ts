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

/** A product description (HTML from the catalog) as plain paragraphs: no markup is rendered. */
export function paragraphsOf(html: string | undefined): string[] {
  if (!html) return []
  const document = new DOMParser().parseFromString(html, 'text/html')
  const blocks = [...document.body.querySelectorAll('p, li, h1, h2, h3, h4')]
  const texts = (blocks.length ? blocks : [document.body]).map((block) =>
    (block.textContent ?? '').replace(/\s+/g, ' ').trim(),
  )
  return texts.filter(Boolean)
}
