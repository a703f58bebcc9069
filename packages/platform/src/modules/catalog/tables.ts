/*
 * Catalog tables (Stores v1). Columns hold what is filtered, sorted or priced; nested wire shapes
 * that are only read back (options, media, info sections, …) are JSON text. Prices are plain
 * numbers in the site currency. Migration: db/migrations/0002-catalog.ts.
 */

/** A product. `price` is the base price; the discount gives `discounted_price` (kept in sync). */
export interface ProductsTable {
  id: string
  /** Unique, increasing: the wire's `numericId`. */
  numeric_id: number
  name: string
  slug: string
  /** 0 | 1 */
  visible: number
  /** `physical` | `digital` */
  product_type: string
  description: string
  sku: string | null
  brand: string | null
  ribbon: string | null
  currency: string
  price: number
  /** `NONE` | `AMOUNT` | `PERCENT` */
  discount_type: string
  discount_value: number
  /** `price` after the discount: what a shopper pays for the default variant. */
  discounted_price: number
  cost: number | null
  weight: number | null
  /** JSON `{totalQuantity, totalMeasurementUnit, baseQuantity, baseMeasurementUnit}` or null. */
  price_per_unit_data: string | null
  /** 0 | 1: variants carry their own price, stock and SKU. */
  manage_variants: number
  /** 0 | 1 */
  track_inventory: number
  /** Stock of a product without managed variants; null when not tracked. */
  quantity: number | null
  /** 0 | 1 */
  in_stock: number
  /** JSON `[{optionType, name, choices: [{value, description, inStock, visible, media?}]}]`. */
  product_options: string
  /** JSON `{mainMedia?, items: [{id, mediaType, title, image: {url, width, height}}]}`. */
  media: string
  /** JSON arrays of the wire's `additionalInfoSections`, `customTextFields`. */
  additional_info_sections: string
  custom_text_fields: string
  /** JSON `seoData` or null. */
  seo_data: string | null
  created_date: string
  last_updated: string
}

/** A product's variant: one combination of choices. Null overrides fall back to the product. */
export interface VariantsTable {
  id: string
  product_id: string
  /** JSON `{<optionName>: <choice>}`. */
  choices: string
  /** The choices in a canonical order, for lookups: `Color=Red|Size=M`. */
  choices_key: string
  position: number
  price: number | null
  cost: number | null
  weight: number | null
  sku: string | null
  /** 0 | 1 */
  visible: number
  /** 0 | 1 */
  track_quantity: number
  quantity: number | null
  /** 0 | 1 */
  in_stock: number
  /** JSON media item of the variant or null. */
  media: string | null
}

/** A collection. */
export interface CollectionsTable {
  id: string
  name: string
  slug: string
  /** 0 | 1 */
  visible: number
  description: string
  /** JSON `{mainMedia?, items}`. */
  media: string
  created_date: string
  last_updated: string
}

/** A product in a collection. */
export interface CollectionProductsTable {
  collection_id: string
  product_id: string
  position: number
}

/**
 * A product's wire JSON as the reader sends it (product-documents.ts), rebuilt from the tables
 * above in the transaction of every change to them. Where the answer's public URL and the product
 * page's origin go, the texts hold `marker` (random per build) and a letter. Migration 0021.
 */
export interface ProductDocumentsTable {
  product_id: string
  /** 0 | 1: the product's. */
  visible: number
  marker: string
  /** Without cost and profit. */
  document: string
  /** With cost and profit (an elevated caller asking for merchant data). */
  merchant_document: string
}

/** The catalog's part of the database schema. */
export interface CatalogTables {
  products: ProductsTable
  variants: VariantsTable
  collections: CollectionsTable
  collection_products: CollectionProductsTable
  product_documents: ProductDocumentsTable
}
