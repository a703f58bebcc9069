import { html } from '../http/html.js'
import type { Motif } from '../modules/media/index.js'

/** An option of a demo product (`Color`, `Size`, …). A colour's swatch is `hex` (its `value`). */
export interface DemoOption {
  name: string
  optionType: 'drop_down' | 'color'
  choices: { name: string; hex?: string }[]
}

/** A product of the demo catalog, before it becomes rows. */
export interface DemoProduct {
  slug: string
  name: string
  /** Its paragraphs (the row holds them as HTML, as the provider's descriptions are). */
  description: string | string[]
  sku: string
  price: number
  cost?: number
  /** kg; none for digital products. */
  weight?: number
  productType?: 'physical' | 'digital'
  brand?: string
  ribbon?: 'New' | 'Sale'
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number }
  /** Stock of a product without managed variants; undefined: not tracked. */
  quantity?: number
  options?: DemoOption[]
  /**
   * Managed variants: what each combination of choices (`{Size: 'M'}`) sets for itself
   * (`quantity` undefined: stock not tracked).
   */
  variants?: (choices: Record<string, string>) => { price?: number; quantity?: number }
  pricePerUnit?: {
    totalQuantity: number
    totalMeasurementUnit: string
    baseQuantity: number
    baseMeasurementUnit: string
  }
  /**
   * Extra sections of the product page (materials, care, …); a physical product's end with
   * {@link SHIPPING_INFO}.
   */
  info?: { title: string; description: string }[]
  customTextFields?: { title: string; maxLength: number; mandatory: boolean }[]
  picture: DemoPicture
}

/** How the pictures of a demo product or collection look. */
export interface DemoPicture {
  /** The drawing. */
  motif: Motif
  /** Its colours: `[background, main, accent]`. */
  palette: [string, string, string]
  /** Pictures of a product without a colour option (1–3); one per colour otherwise. */
  images?: 1 | 2 | 3
}

/** A collection of the demo catalog: its products by slug, in order. */
export interface DemoCollection {
  slug: string
  name: string
  description: string
  picture: DemoPicture
  products: string[]
}

/**
 * The SKU, price, cost, weight (kg), brand and stock (without managed variants; none: not
 * tracked) of a physical demo product: one row of its table.
 */
export const goods = (
  sku: string,
  price: number,
  cost: number,
  weight: number,
  brand: string,
  quantity?: number,
) => ({ sku, price, cost, weight, brand, quantity })

/** An HTML description: a `<p>` for each text. */
export const prose = (...texts: string[]): string =>
  String(html`${texts.map((text) => html`<p>${text}</p>`)}`)

/** A drop-down option `name` with these choices. */
export const dropDown = (name: string, ...choices: string[]): DemoOption => ({
  name,
  optionType: 'drop_down',
  choices: choices.map((choice) => ({ name: choice })),
})

/** A `Size` option with these choices. */
export const sizes = (...names: string[]): DemoOption => dropDown('Size', ...names)

/** A colour option from `[name, hex]` pairs. */
export const colors = (...pairs: [string, string][]): DemoOption => ({
  name: 'Color',
  optionType: 'color',
  choices: pairs.map(([name, hex]) => ({ name, hex })),
})

/** A section of a product page: `title`, and a `<p>` for each text. */
export const section = (title: string, ...texts: string[]) => ({
  title,
  description: prose(...texts),
})

/** The shipping and returns section every physical product shows last. */
export const SHIPPING_INFO = section(
  'Shipping & returns',
  'Free standard shipping on orders over $100. Express delivery in 1–2 business days.',
  'Not quite right? Return it unworn within 30 days for a full refund.',
)
