import type { Product, ProductOption } from '@vitrine/client'
import { amountError, parseDecimal, toText } from './numbers'
import type { FieldErrors } from './violations'

/** A choice being edited: its name, and its swatch for colour options. */
export interface ChoiceDraft {
  key: string
  name: string
  color: string
}

/** An option being edited. */
export interface OptionDraft {
  key: string
  name: string
  optionType: 'drop_down' | 'color'
  choices: ChoiceDraft[]
}

/** The product form's state: what the person typed, as text. */
export interface ProductDraft {
  name: string
  description: string
  visible: boolean
  productType: 'physical' | 'digital'
  sku: string
  brand: string
  ribbon: string
  price: string
  cost: string
  weight: string
  discountType: 'NONE' | 'AMOUNT' | 'PERCENT'
  discountValue: string
  trackInventory: boolean
  quantity: string
  inStock: boolean
  manageVariants: boolean
  /**
   * The saved product keeps stock per variant (it manages its variants): `quantity` is their sum,
   * shown but not sent.
   */
  stockPerVariant: boolean
  options: OptionDraft[]
}

/** The catalog's limits (packages/platform writer-schema.ts). */
export const LIMITS = {
  name: 80,
  description: 16000,
  sku: 40,
  brand: 50,
  ribbon: 30,
  optionName: 50,
  choiceName: 100,
  options: 6,
  choices: 100,
  variants: 1000,
} as const

let nextKey = 0
/** A key for a new row of the option editor. */
export const newKey = (): string => `k${++nextKey}`

/** A blank choice. */
export const newChoice = (): ChoiceDraft => ({ key: newKey(), name: '', color: '#888888' })

/** A blank option with one blank choice. */
export const newOption = (): OptionDraft => ({
  key: newKey(),
  name: '',
  optionType: 'drop_down',
  choices: [newChoice()],
})

/** The form of a new product. */
export function emptyDraft(): ProductDraft {
  return {
    name: '',
    description: '',
    visible: true,
    productType: 'physical',
    sku: '',
    brand: '',
    ribbon: '',
    price: '',
    cost: '',
    weight: '',
    discountType: 'NONE',
    discountValue: '',
    trackInventory: false,
    quantity: '',
    inStock: true,
    manageVariants: false,
    stockPerVariant: false,
    options: [],
  }
}

const optionDraft = (option: ProductOption): OptionDraft => ({
  key: newKey(),
  name: option.name ?? '',
  optionType: option.optionType === 'color' ? 'color' : 'drop_down',
  choices: (option.choices ?? []).map((choice) => ({
    key: newKey(),
    name: choice.description ?? choice.value ?? '',
    color: /^#[0-9a-f]{6}$/i.test(choice.value ?? '') ? choice.value! : '#888888',
  })),
})

/** The form of an existing product. */
export function draftOf(product: Product): ProductDraft {
  const discount = product.discount?.type ?? 'NONE'
  return {
    name: product.name ?? '',
    description: product.description ?? '',
    visible: product.visible !== false,
    productType: product.productType === 'digital' ? 'digital' : 'physical',
    sku: product.sku ?? '',
    brand: product.brand ?? '',
    ribbon: product.ribbon ?? product.ribbons?.[0]?.text ?? '',
    price: toText(product.priceData?.price),
    cost: toText(product.costAndProfitData?.itemCost),
    weight: product.weight ? toText(product.weight) : '',
    discountType: discount === 'AMOUNT' || discount === 'PERCENT' ? discount : 'NONE',
    discountValue: discount === 'NONE' ? '' : toText(product.discount?.value),
    trackInventory: product.stock?.trackInventory === true,
    quantity: toText(product.stock?.quantity),
    inStock: product.stock?.inStock !== false,
    manageVariants: product.manageVariants === true,
    stockPerVariant: product.manageVariants === true,
    options: (product.productOptions ?? []).map(optionDraft),
  }
}

const tooLong = (text: string, max: number) =>
  text.trim().length > max ? `Use at most ${max} characters` : undefined

/** How many variants the options of `draft` give. */
export const variantCountOf = (options: OptionDraft[]): number =>
  options.reduce((count, option) => count * Math.max(option.choices.length, 1), 1)

function optionErrors(options: OptionDraft[], errors: FieldErrors): void {
  if (options.length > LIMITS.options)
    errors.options = `A product has at most ${LIMITS.options} options`
  const variants = variantCountOf(options)
  if (variants > LIMITS.variants)
    errors.options = `These options give ${variants} variants; the limit is ${LIMITS.variants}`
  const names = new Set<string>()
  options.forEach((option, i) => {
    const name = option.name.trim()
    const at = `options.${i}`
    if (!name) errors[`${at}.name`] = 'Name the option, like Size or Color'
    else if (names.has(name.toLowerCase())) errors[`${at}.name`] = `Another option is "${name}"`
    else if (name.length > LIMITS.optionName)
      errors[`${at}.name`] = `Use at most ${LIMITS.optionName} characters`
    names.add(name.toLowerCase())
    if (option.choices.length === 0) errors[`${at}.choices`] = 'Add at least one choice'
    const seen = new Set<string>()
    option.choices.forEach((choice, j) => {
      const value = choice.name.trim()
      const field = `${at}.choices.${j}`
      if (!value) errors[field] = 'Name the choice'
      else if (seen.has(value)) errors[field] = `"${value}" appears twice`
      else if (value.length > LIMITS.choiceName)
        errors[field] = `Use at most ${LIMITS.choiceName} characters`
      seen.add(value)
    })
  })
}

/** What is wrong with the form, by field id (empty when it can be saved). */
export function validateDraft(draft: ProductDraft): FieldErrors {
  const errors: FieldErrors = {}
  const set = (field: string, message: string | undefined) => {
    if (message) errors[field] = message
  }
  set('name', draft.name.trim() ? tooLong(draft.name, LIMITS.name) : 'Give the product a name')
  set('description', tooLong(draft.description, LIMITS.description))
  set('sku', tooLong(draft.sku, LIMITS.sku))
  set('brand', tooLong(draft.brand, LIMITS.brand))
  set('ribbon', tooLong(draft.ribbon, LIMITS.ribbon))
  set('price', amountError(draft.price, 2, true))
  set('cost', amountError(draft.cost, 2))
  set('weight', amountError(draft.weight, 3))
  if (draft.discountType !== 'NONE') {
    set('discountValue', amountError(draft.discountValue, 2, true))
    if (!errors.discountValue && draft.discountType === 'PERCENT')
      set('discountValue', parseDecimal(draft.discountValue)! > 100 ? 'At most 100%' : undefined)
  }
  if (draft.trackInventory && !draft.stockPerVariant) {
    const quantity = draft.quantity.trim()
    if (!/^\d+$/.test(quantity)) set('quantity', 'Enter a whole number of items, 0 or more')
  }
  optionErrors(draft.options, errors)
  return errors
}

const choiceOf = (option: OptionDraft, choice: ChoiceDraft) => {
  const name = choice.name.trim()
  return option.optionType === 'color'
    ? { value: choice.color, description: name }
    : { value: name, description: name }
}

/** The product fields the form sets, as the catalog writer takes them. */
export function productInput(draft: ProductDraft): Partial<Product> {
  const cost = parseDecimal(draft.cost)
  const weight = parseDecimal(draft.weight)
  return {
    name: draft.name.trim(),
    description: draft.description,
    visible: draft.visible,
    productType: draft.productType,
    sku: draft.sku.trim(),
    brand: draft.brand.trim(),
    ribbon: draft.ribbon.trim(),
    priceData: { price: parseDecimal(draft.price) ?? 0 },
    ...(cost === undefined ? {} : { costAndProfitData: { itemCost: cost } }),
    ...(weight === undefined ? {} : { weight }),
    discount:
      draft.discountType === 'NONE'
        ? { type: 'NONE', value: 0 }
        : { type: draft.discountType, value: parseDecimal(draft.discountValue) ?? 0 },
    stock: !draft.trackInventory
      ? { trackInventory: false, inStock: draft.inStock }
      : draft.stockPerVariant
        ? { trackInventory: true }
        : { trackInventory: true, quantity: Number(draft.quantity.trim()) },
    manageVariants: draft.manageVariants,
    productOptions: draft.options.map((option) => ({
      name: option.name.trim(),
      optionType: option.optionType,
      choices: option.choices.map((choice) => choiceOf(option, choice)),
    })),
  }
}

/** The form field a violation of `product.…` concerns (see {@link validateDraft}'s ids). */
export function productField(path: string): string | undefined {
  const field = path.replace(/^product\./, '')
  const option = /^productOptions\[(\d+)\](?:\.(name)|\.choices(?:\[(\d+)\])?)?/.exec(field)
  if (option) {
    const [, i, name, j] = option
    if (name) return `options.${i}.name`
    return j === undefined ? `options.${i}.choices` : `options.${i}.choices.${j}`
  }
  if (field.startsWith('productOptions')) return 'options'
  const known: Record<string, string> = {
    'priceData.price': 'price',
    'price.price': 'price',
    'costAndProfitData.itemCost': 'cost',
    'discount.value': 'discountValue',
    'discount.type': 'discountType',
    'stock.quantity': 'quantity',
  }
  if (known[field]) return known[field]
  const top = field.split(/[.[]/)[0] ?? ''
  const simple = ['name', 'description', 'sku', 'brand', 'ribbon', 'weight', 'visible', 'slug']
  return simple.includes(top) ? top : undefined
}
