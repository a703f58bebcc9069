import { STORES_APP_ID, type CatalogReference, type Product } from '@vitrine/client'
import { choiceName, variantOf, visibleOptions } from './choices'

/** The fields of a product's add-to-cart form, as the browser and the server both read them. */
export interface AddToCartFields {
  /** Option name → chosen choice (`choice:<option>` fields). */
  choices: Record<string, string>
  /** 1 to {@link MAX_QUANTITY}. */
  quantity: number
}

/** The most of one thing a shopper adds at once. */
export const MAX_QUANTITY = 99

/** The field name of an option's choice. */
export const choiceField = (option: string) => `choice:${option}`

/** A whole number from 1 to 99 out of a form's field (1 when it is not one). */
export function quantityOf(value: FormDataEntryValue | null, max = MAX_QUANTITY): number {
  const number = Number(typeof value === 'string' ? value : NaN)
  return Number.isInteger(number) ? Math.min(max, Math.max(1, number)) : 1
}

/**
 * Reads an add-to-cart form of `product`: only its own options' visible choices count, anything
 * else in the form is ignored.
 */
export function readAddToCart(
  form: { get(name: string): FormDataEntryValue | null },
  product: Product,
): AddToCartFields {
  const choices: Record<string, string> = {}
  for (const option of visibleOptions(product.productOptions)) {
    const name = option.name ?? ''
    const value = form.get(choiceField(name))
    if (typeof value === 'string' && option.choices?.some((choice) => choiceName(choice) === value))
      choices[name] = value
  }
  return { choices, quantity: quantityOf(form.get('quantity')) }
}

/** The options of `product` still to choose, by name. */
export const missingOptions = (product: Product, choices: Record<string, string>): string[] =>
  visibleOptions(product.productOptions)
    .map((option) => option.name ?? '')
    .filter((name) => !choices[name])

/**
 * What the cart is asked to add for `choices` of `product` (wire contract §1): its variant when
 * the product manages variants, else the choices; the product alone when it has no options.
 */
export function catalogReferenceOf(
  product: Product,
  choices: Record<string, string>,
): CatalogReference {
  const variantId = product.manageVariants ? variantOf(product, choices)?.id : undefined
  return {
    catalogItemId: product.id,
    appId: STORES_APP_ID,
    ...(product.productOptions?.length && {
      options: variantId ? { variantId } : { options: choices },
    }),
  }
}
