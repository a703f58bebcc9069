import { html } from '../http/html.js'
import type { Motif } from '../modules/media/index.js'

/** A choice of a demo option. A colour's swatch is `hex` (the choice's `value`). */
export interface DemoChoice {
  name: string
  hex?: string
}

/** An option of a demo product (`Color`, `Size`, …). */
export interface DemoOption {
  name: string
  optionType: 'drop_down' | 'color'
  choices: DemoChoice[]
}

/** What a managed variant sets for itself; `quantity` undefined: stock not tracked. */
export interface DemoVariant {
  price?: number
  quantity?: number
}

/** A product of the demo catalog, before it becomes rows. */
export interface DemoProduct {
  slug: string
  name: string
  /** HTML, as the provider's descriptions are. */
  description: string
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
  /** Managed variants: what each combination of choices (`{Size: 'M'}`) sets. */
  variants?: (choices: Record<string, string>) => DemoVariant
  pricePerUnit?: {
    totalQuantity: number
    totalMeasurementUnit: string
    baseQuantity: number
    baseMeasurementUnit: string
  }
  /** Extra sections of the product page (materials, care, …). */
  info?: { title: string; description: string }[]
  customTextFields?: { title: string; maxLength: number; mandatory: boolean }[]
  /** How its pictures look: the drawing and its colours `[background, main, accent]`. */
  motif: Motif
  palette: [string, string, string]
  /** Pictures of a product without a colour option (1–3); one per colour otherwise. */
  images?: 1 | 2 | 3
}

/** A collection of the demo catalog: its products by slug, in order. */
export interface DemoCollection {
  slug: string
  name: string
  description: string
  motif: Motif
  palette: [string, string, string]
  products: string[]
}

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

/** The shipping and returns section every physical product shows. */
export const SHIPPING_INFO = {
  title: 'Shipping & returns',
  description: prose(
    'Free standard shipping on orders over $100. Express delivery in 1–2 business days.',
    'Not quite right? Return it unworn within 30 days for a full refund.',
  ),
}
