import { discounted, formatAmount, ratioOf, toMinor, toUnits } from '../../money.js'
import { round } from './money.js'
import {
  defaultVariant,
  parseJson,
  pricePerUnitOf,
  productOptionsOf,
  type ProductRow,
  type VariantRow,
} from './rows.js'
import type {
  CostAndProfitData,
  PriceData,
  StoredOption,
  VariantData,
  VariantStock,
  WireVariant,
} from './types.js'

/** What a variant really sells for, once its product's defaults fill its gaps. */
export interface EffectiveVariant {
  price: number
  discountedPrice: number
  cost: number | null
  weight: number
  sku: string | null
  visible: boolean
  stock: VariantStock
}

/** The columns of a product that its variants' values fall back to. */
export type EffectiveProduct = Pick<
  ProductRow,
  | 'price'
  | 'cost'
  | 'weight'
  | 'sku'
  | 'manage_variants'
  | 'track_inventory'
  | 'quantity'
  | 'in_stock'
  | 'discount_type'
  | 'discount_value'
>

/** `pricePerUnitData` of a product, when set: `{totalQuantity, baseQuantity, …}`. */
interface PricePerUnitData {
  totalQuantity?: number
  baseQuantity?: number
}

/** A variant row with its parsed choices and effective values. */
export interface LoadedVariant {
  row: VariantRow
  choices: Record<string, string>
  value: EffectiveVariant
}

/**
 * A variant's values: its own price, cost, weight and SKU when the product manages variants and
 * they are set, else the product's; its stock when managed, else the product's. A choice marked
 * hidden hides the variant; marked out of stock, it puts an unmanaged variant out of stock.
 */
export function effectiveVariant(
  product: EffectiveProduct,
  row: VariantRow,
  choices: Record<string, string>,
  options: readonly StoredOption[],
): EffectiveVariant {
  const managed = product.manage_variants === 1
  const own = <T>(value: T | null, fallback: T) => (managed && value !== null ? value : fallback)
  const price = own(row.price, product.price)
  const tracked = managed ? row.track_quantity === 1 : product.track_inventory === 1
  const quantity = managed ? row.quantity : product.quantity
  const chosen = options.flatMap((option) =>
    option.choices.filter((choice) => choice.description === choices[option.name]),
  )
  const choicesInStock = chosen.every((choice) => choice.inStock !== false)
  return {
    price,
    discountedPrice: discounted(price, {
      type: product.discount_type,
      value: product.discount_value,
    }),
    cost: own(row.cost, product.cost),
    weight: own(row.weight, product.weight) ?? 0,
    sku: own(row.sku, product.sku),
    visible: row.visible === 1 && chosen.every((choice) => choice.visible !== false),
    stock: {
      trackQuantity: tracked,
      ...(tracked && quantity !== null ? { quantity } : {}),
      inStock: managed
        ? row.in_stock === 1
        : product.in_stock === 1 && row.in_stock === 1 && choicesInStock,
    },
  }
}

/** The variants of `product` from its rows (the default variant when there are none). */
export function loadedVariants(product: ProductRow, rows: VariantRow[]): LoadedVariant[] {
  const options = productOptionsOf(product)
  return (rows.length ? rows : [defaultVariant(product)]).map((row) => {
    const choices = parseJson<Record<string, string>>(row.choices, {})
    return { row, choices, value: effectiveVariant(product, row, choices, options) }
  })
}

/** `price`, `discountedPrice`, the price per unit and their formatted texts. */
export function priceData(product: ProductRow, price: number, discountedPrice: number): PriceData {
  const currency = product.currency
  const perUnit = pricePerUnitOf(product) as PricePerUnitData | null
  const pricePerUnit =
    perUnit?.totalQuantity && perUnit.baseQuantity
      ? toUnits(
          ratioOf(toMinor(discountedPrice, currency), perUnit.baseQuantity, perUnit.totalQuantity),
          currency,
        )
      : undefined
  return {
    currency,
    price,
    discountedPrice,
    ...(pricePerUnit === undefined ? {} : { pricePerUnit }),
    formatted: {
      price: formatAmount(price, currency),
      discountedPrice: formatAmount(discountedPrice, currency),
      ...(pricePerUnit === undefined ? {} : { pricePerUnit: formatAmount(pricePerUnit, currency) }),
    },
  }
}

/** Cost, profit and margin (`profit / discounted price`) at `discountedPrice`. */
export function costAndProfit(
  currency: string,
  cost: number | null,
  discountedPrice: number,
): CostAndProfitData {
  const itemCost = cost ?? 0
  const profitMinor = toMinor(discountedPrice, currency) - toMinor(itemCost, currency)
  const profit = toUnits(profitMinor, currency)
  return {
    itemCost,
    formattedItemCost: formatAmount(itemCost, currency),
    profit,
    formattedProfit: formatAmount(profit, currency),
    profitMargin: discountedPrice > 0 ? round(profit / discountedPrice, 4) : 0,
  }
}

/** `variant` of a product variant: prices, cost and profit (for the merchant), weight, SKU. */
export function variantData(
  product: ProductRow,
  value: EffectiveVariant,
  merchant: boolean,
): VariantData {
  const prices = priceData(product, value.price, value.discountedPrice)
  return {
    priceData: prices,
    convertedPriceData: prices,
    ...(merchant
      ? { costAndProfitData: costAndProfit(product.currency, value.cost, value.discountedPrice) }
      : {}),
    weight: value.weight,
    ...(value.sku === null ? {} : { sku: value.sku }),
    visible: value.visible,
  }
}

/** A product variant on the wire: `{id, choices, variant, stock}`. */
export function wireVariant(
  product: ProductRow,
  variant: LoadedVariant,
  merchant: boolean,
): WireVariant {
  return {
    id: variant.row.id,
    choices: variant.choices,
    variant: variantData(product, variant.value, merchant),
    stock: variant.value.stock,
  }
}
