/**
 * Wire types of the catalog calls (Stores v1 products and collections). Field names are the wire's
 * (`id`, `createdDate`, …); dates in responses are `Date`s. Fields the spec names are typed;
 * others pass through.
 */

import type {
  InventoryStatus,
  MeasurementUnit,
  MediaType,
  OptionType,
  ProductDiscountType,
  ProductType,
} from '../enums/catalog.js'
import type { Paging, PagingMetadata } from '../query/types.js'

/** Prices of a product or variant: `price`, `discountedPrice`, `pricePerUnit` and their texts. */
export interface PriceData {
  currency?: string
  price?: number
  discountedPrice?: number
  pricePerUnit?: number
  formatted?: { price?: string; discountedPrice?: string; pricePerUnit?: string }
  [key: string]: unknown
}

/** Cost and profit, for the merchant (`includeMerchantSpecificData`). */
export interface CostAndProfitData {
  itemCost?: number
  formattedItemCost?: string
  profit?: number
  formattedProfit?: string
  profitMargin?: number
  [key: string]: unknown
}

/** A numeric range: `weightRange`, `priceRange`, `costRange`. */
export interface NumericRange {
  minValue?: number
  maxValue?: number
}

/** Length, width and height, as decimal strings, in `unit` (`MM`, `CM`, `M`, `IN`, `FT`, `YD`). */
export interface Dimensions {
  length?: string
  width?: string
  height?: string
  unit?: string
}

/** How the price per unit is measured. */
export interface PricePerUnitData {
  totalQuantity?: number
  totalMeasurementUnit?: MeasurementUnit
  baseQuantity?: number
  baseMeasurementUnit?: MeasurementUnit
}

/** Stock of a product. */
export interface Stock {
  trackInventory?: boolean
  quantity?: number
  inStock?: boolean
  inventoryStatus?: InventoryStatus
  [key: string]: unknown
}

/** An image of a Stores v1 product: a plain URL with its size (no `wix:image://` transform). */
export interface MediaImage {
  url?: string
  width?: number
  height?: number
  format?: string
  altText?: string
}

/** One media item of a product or collection. */
export interface MediaItem {
  id?: string
  title?: string
  mediaType?: MediaType
  image?: MediaImage
  thumbnail?: MediaImage
  video?: { files?: MediaImage[]; stillFrameMediaId?: string }
  [key: string]: unknown
}

/** Media of a product or collection: the main item and all items. */
export interface ProductMedia {
  mainMedia?: MediaItem
  items?: MediaItem[]
  [key: string]: unknown
}

/** A choice of a product option (`Red`, `XL`, …). */
export interface Choice {
  value?: string
  description?: string
  inStock?: boolean
  visible?: boolean
  media?: ProductMedia
  [key: string]: unknown
}

/** A product option (`Color`, `Size`) and its choices. */
export interface ProductOption {
  optionType?: OptionType
  name?: string
  choices?: Choice[]
  [key: string]: unknown
}

/** The data of a variant: prices, cost, weight, SKU. */
export interface VariantData {
  priceData?: PriceData
  convertedPriceData?: PriceData
  costAndProfitData?: CostAndProfitData
  weight?: number
  sku?: string
  visible?: boolean
  productDimensions?: Dimensions
  packageDimensions?: Dimensions
  [key: string]: unknown
}

/** A variant of a product: a choice per option (`{Color: 'Red'}`) with its data and stock. */
export interface ProductVariant {
  id: string
  choices?: Record<string, string>
  variant?: VariantData
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
  [key: string]: unknown
}

/**
 * What `updateProductVariants` sets on the variants it selects by `choices` or `variantIds`:
 * price, cost, weight (SPEC §3 "Variant").
 */
export interface Variant {
  choices?: Record<string, string>
  variantIds?: string[]
  price?: number
  cost?: number
  weight?: number
  sku?: string
  visible?: boolean
  productDimensions?: Dimensions
  packageDimensions?: Dimensions
}

/** A product of the Stores v1 catalog. */
export interface Product {
  id: string
  name?: string
  slug?: string
  visible?: boolean
  productType?: ProductType
  description?: string
  sku?: string
  weight?: number
  weightRange?: NumericRange
  productDimensions?: Dimensions
  packageDimensions?: Dimensions
  stock?: Stock
  price?: PriceData
  priceData?: PriceData
  convertedPriceData?: PriceData
  priceRange?: NumericRange
  costAndProfitData?: CostAndProfitData
  costRange?: NumericRange
  pricePerUnitData?: PricePerUnitData
  additionalInfoSections?: { title?: string; description?: string }[]
  ribbons?: { text?: string }[]
  media?: ProductMedia
  customTextFields?: { title?: string; maxLength?: number; mandatory?: boolean }[]
  manageVariants?: boolean
  productOptions?: ProductOption[]
  productPageUrl?: { base?: string; path?: string }
  numericId?: string
  inventoryItemId?: string
  discount?: { type?: ProductDiscountType; value?: number }
  collectionIds?: string[]
  variants?: ProductVariant[]
  lastUpdated?: Date
  createdDate?: Date
  seoData?: { tags?: Record<string, unknown>[]; settings?: Record<string, unknown> }
  ribbon?: string
  brand?: string
  [key: string]: unknown
}

/** A collection of products. */
export interface Collection {
  id: string
  name?: string
  slug?: string
  description?: string
  visible?: boolean
  media?: ProductMedia
  numberOfProducts?: number
  productIds?: string[]
  lastUpdated?: Date
  [key: string]: unknown
}

/**
 * A store variant: one purchasable variant with its product's details. Its `media.image` is a
 * `wix:image://v1/…` reference and `media.video` a `wix:video://v1/…` reference.
 */
export interface StoreVariant {
  id?: string
  variantId?: string
  productId?: string
  variantName?: string
  productName?: string
  managedVariant?: boolean
  sku?: string
  choices?: Record<string, string>
  collectionIds?: string[]
  media?: { image?: string; video?: string }
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
  preorderInfo?: { enabled?: boolean; message?: string; limit?: number }
  [key: string]: unknown
}

/** `{product}`: what getting, creating and updating a product answer. */
export interface ProductResponse {
  product: Product
}

/** `{collection}`: what getting, creating and updating a collection answer. */
export interface CollectionResponse {
  collection: Collection
}

/** `{variant}`: what `getStoreVariant` answers. */
export interface StoreVariantResponse {
  variant: StoreVariant
}

/** What the products query answers. */
export interface QueryProductsResponse {
  products: Product[]
  metadata?: PagingMetadata
}

/** What the collections query answers. */
export interface QueryCollectionsResponse {
  collections: Collection[]
  metadata?: PagingMetadata
}

/** What `queryStoreVariants` answers. */
export interface QueryStoreVariantsResponse {
  variants: StoreVariant[]
  metadata?: PagingMetadata
}

/** The params of `queryProductVariants`. */
export interface QueryProductVariantsOptions {
  /** Option name → choice, e.g. `{Size: 'M'}`. */
  choices?: Record<string, string>
  variantIds?: string[]
  paging?: Paging
  includeMerchantSpecificData?: boolean
}

/** What `queryProductVariants` answers (this call pages with `{items, offset}`). */
export interface QueryProductVariantsResponse {
  variants: ProductVariant[]
  metadata?: { items?: number; offset?: number }
  totalResults?: number
}

/** The variant that a set of choices selects. */
export interface SelectedVariant {
  id?: string
  choices?: Record<string, string>
  price?: PriceData
  convertedPriceData?: PriceData
  weight?: number
  sku?: string
  quantity?: number
  inStock?: boolean
  visible?: boolean
  productDimensions?: Dimensions
  packageDimensions?: Dimensions
  [key: string]: unknown
}

/** What `getProductOptionsAvailability` answers. */
export interface ProductOptionsAvailability {
  selectedVariant?: SelectedVariant
  availableForPurchase?: boolean
  productOptions?: ProductOption[]
  media?: ProductMedia
  [key: string]: unknown
}

/** Media to add to a product: an uploaded `mediaId` or a `url`, optionally for one choice. */
export interface ProductMediaInput {
  mediaId?: string
  url?: string
  choice?: { option: string; choice: string }
}

/** Media ids assigned to one choice of one option. */
export interface MediaAssignmentToChoice {
  option: string
  choice: string
  mediaIds: string[]
}

/** The value `bulkUpdateProductsProperty` sets: one of price, cost, weight. */
export interface BulkSet {
  price?: number
  cost?: number
  weight?: number
}

/** How `bulkAdjustProductProperty` changes a property: by an amount or a percentage. */
export interface Adjustment {
  amount?: number
  percentage?: number
}

/** What `bulkAdjustProductProperty` adjusts: one of price, cost, weight. */
export interface BulkAdjust {
  price?: Adjustment
  cost?: Adjustment
  weight?: Adjustment
}

/** What the bulk product calls answer. */
export interface BulkProductsResponse {
  results?: {
    itemMetadata?: {
      id?: string
      originalIndex?: number
      success?: boolean
      error?: { code?: string; description?: string; data?: unknown }
    }
  }[]
  bulkActionMetadata?: {
    totalSuccesses?: number
    totalFailures?: number
    undetailedFailures?: number
  }
}
