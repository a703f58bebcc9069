/** Enumerations of the catalog (Stores v1) API, as the wire spells them (SPEC §3). */

/** Type of a product (lowercase on the wire). */
export const ProductType = { physical: 'physical', digital: 'digital' } as const
/** A {@link ProductType} value. */
export type ProductType = (typeof ProductType)[keyof typeof ProductType]

/** Stock status of a product or variant. */
export const InventoryStatus = {
  IN_STOCK: 'IN_STOCK',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  PARTIALLY_OUT_OF_STOCK: 'PARTIALLY_OUT_OF_STOCK',
} as const
/** An {@link InventoryStatus} value. */
export type InventoryStatus = (typeof InventoryStatus)[keyof typeof InventoryStatus]

/** Unit of a price per unit. */
export const MeasurementUnit = {
  ML: 'ML',
  CL: 'CL',
  L: 'L',
  CBM: 'CBM',
  MG: 'MG',
  G: 'G',
  KG: 'KG',
  MM: 'MM',
  CM: 'CM',
  M: 'M',
  SQM: 'SQM',
  OZ: 'OZ',
  LB: 'LB',
  FLOZ: 'FLOZ',
  PT: 'PT',
  QT: 'QT',
  GAL: 'GAL',
  IN: 'IN',
  FT: 'FT',
  YD: 'YD',
  SQFT: 'SQFT',
} as const
/** A {@link MeasurementUnit} value. */
export type MeasurementUnit = (typeof MeasurementUnit)[keyof typeof MeasurementUnit]

/** Type of a product media item (lowercase on the wire). */
export const MediaType = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  zip: 'zip',
} as const
/** A {@link MediaType} value. */
export type MediaType = (typeof MediaType)[keyof typeof MediaType]

/** How a product option is shown (lowercase on the wire). */
export const OptionType = { drop_down: 'drop_down', color: 'color' } as const
/** An {@link OptionType} value. */
export type OptionType = (typeof OptionType)[keyof typeof OptionType]

/** Kind of a product's discount. */
export const ProductDiscountType = { NONE: 'NONE', AMOUNT: 'AMOUNT', PERCENT: 'PERCENT' } as const
/** A {@link ProductDiscountType} value. */
export type ProductDiscountType = (typeof ProductDiscountType)[keyof typeof ProductDiscountType]

/** Catalog version of a site. */
export const CatalogVersion = { V1_CATALOG: 'V1_CATALOG', V3_CATALOG: 'V3_CATALOG' } as const
/** A {@link CatalogVersion} value. */
export type CatalogVersion = (typeof CatalogVersion)[keyof typeof CatalogVersion]

/** Direction of a query sort. */
export const SortOrder = { ASC: 'ASC', DESC: 'DESC' } as const
/** A {@link SortOrder} value. */
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder]
