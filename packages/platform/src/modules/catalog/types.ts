/*
 * Wire shapes of the Stores v1 catalog (wire-contract §3, §4, §8) as the platform answers them,
 * and the JSON shapes kept in the catalog's text columns (see tables.ts).
 */

/** An image of a product or collection: a plain URL with its size. */
export interface MediaImage {
  url: string
  width?: number
  height?: number
  format?: string
  altText?: string
}

/**
 * An image as answers carry the provider's media objects where its clients decode them (cart,
 * order and store variant images; wire-contract §7.1): with a media id when it has one.
 */
export interface WireImage {
  id?: string
  url: string
  width?: number
  height?: number
  altText?: string
  filename?: string
}

/** One media item (`media.items[]`, a choice's media, a variant's media). */
export interface MediaItem {
  id: string
  mediaType: 'image' | 'video'
  title: string
  image?: MediaImage
  thumbnail?: MediaImage
  video?: { files: MediaImage[]; stillFrameMediaId?: string }
}

/** Media of a product, collection or choice: `mainMedia` is the first item. */
export interface Media {
  mainMedia?: MediaItem
  items: MediaItem[]
}

/** A choice of an option as stored (its stock and visibility are computed from the variants). */
export interface StoredChoice {
  value: string
  description: string
  /** `false`: the choice is out of stock (for products that do not manage variants). */
  inStock?: boolean
  /** `false`: the choice is hidden. */
  visible?: boolean
  media?: Media
}

/** An option as stored in `products.product_options`. */
export interface StoredOption {
  optionType: 'drop_down' | 'color'
  name: string
  choices: StoredChoice[]
}

/** A choice on the wire: the stored one with `inStock` and `visible`. */
export interface WireChoice extends StoredChoice {
  inStock: boolean
  visible: boolean
}

/** An option on the wire. */
export interface WireOption {
  optionType: string
  name: string
  choices: WireChoice[]
}

/** Prices with their formatted texts (`price`, `priceData`, `convertedPriceData`). */
export interface PriceData {
  currency: string
  price: number
  discountedPrice: number
  pricePerUnit?: number
  formatted: { price: string; discountedPrice: string; pricePerUnit?: string }
}

/** Cost and profit: only for elevated callers. */
export interface CostAndProfitData {
  itemCost: number
  formattedItemCost: string
  profit: number
  formattedProfit: string
  profitMargin: number
}

/** `{minValue, maxValue}`. */
export interface NumericRange {
  minValue: number
  maxValue: number
}

/** A variant's data (`variants[].variant`, `StoreVariant.variant`). */
export interface VariantData {
  priceData: PriceData
  convertedPriceData: PriceData
  costAndProfitData?: CostAndProfitData
  weight: number
  sku?: string
  visible: boolean
}

/** A variant's stock. */
export interface VariantStock {
  trackQuantity: boolean
  quantity?: number
  inStock: boolean
}

/** A product variant: `{id, choices, variant, stock}`. */
export interface WireVariant {
  id: string
  choices: Record<string, string>
  variant: VariantData
  stock: VariantStock
}

/** A Stores v1 product as the wire carries it. */
export interface WireProduct {
  id: string
  name: string
  slug: string
  visible: boolean
  productType: string
  description: string
  sku?: string
  weight: number
  weightRange: NumericRange
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string }
  price: PriceData
  priceData: PriceData
  convertedPriceData: PriceData
  priceRange: NumericRange
  costAndProfitData?: CostAndProfitData
  costRange?: NumericRange
  pricePerUnitData?: Record<string, unknown>
  additionalInfoSections: unknown[]
  ribbons: { text: string }[]
  media: Media
  customTextFields: unknown[]
  manageVariants: boolean
  productOptions: WireOption[]
  productPageUrl: { base: string; path: string }
  numericId: string
  inventoryItemId: string
  discount: { type: string; value: number }
  collectionIds: string[]
  variants?: WireVariant[]
  lastUpdated: string
  createdDate: string
  seoData: Record<string, unknown>
  ribbon?: string
  brand?: string
}

/** A collection as the wire carries it. */
export interface WireCollection {
  id: string
  name: string
  media: Media
  numberOfProducts: number
  description: string
  slug: string
  visible: boolean
  lastUpdated: string
}

/** A purchasable variant with its product's details (`/stores-reader/v1/variants`). */
export interface StoreVariant {
  id: string
  variantId: string
  productId: string
  variantName: string
  productName: string
  managedVariant: boolean
  sku?: string
  choices: Record<string, string>
  collectionIds: string[]
  variant: VariantData
  stock: VariantStock
  media: { image?: WireImage; video?: { url: string } }
  preorderInfo?: Record<string, unknown>
}

/** Offset paging metadata of the products, collections and store-variant queries. */
export interface PagingMetadata {
  count: number
  offset: number
  /** Matches in all pages, counted up to 10,000. */
  total: number
  /** Set when there are more than 10,000 matches (`total` is then 10,000). */
  tooManyToCount?: true
}
