/** Enumerations of the catalog (Stores v1) API, as the wire spells them (SPEC §3). */

import { enumeration } from './enumeration.js'

/** Type of a product (lowercase on the wire). */
export const ProductType = /* @__PURE__ */ enumeration('physical digital')
/** A {@link ProductType} value. */
export type ProductType = (typeof ProductType)[keyof typeof ProductType]

/** Stock status of a product or variant. */
export const InventoryStatus = /* @__PURE__ */ enumeration(
  'IN_STOCK OUT_OF_STOCK PARTIALLY_OUT_OF_STOCK',
)
/** An {@link InventoryStatus} value. */
export type InventoryStatus = (typeof InventoryStatus)[keyof typeof InventoryStatus]

/** Unit of a price per unit. */
export const MeasurementUnit = /* @__PURE__ */ enumeration(
  'ML CL L CBM MG G KG MM CM M SQM OZ LB FLOZ PT QT GAL IN FT YD SQFT',
)
/** A {@link MeasurementUnit} value. */
export type MeasurementUnit = (typeof MeasurementUnit)[keyof typeof MeasurementUnit]

/** Type of a product media item (lowercase on the wire). */
export const MediaType = /* @__PURE__ */ enumeration('image video audio document zip')
/** A {@link MediaType} value. */
export type MediaType = (typeof MediaType)[keyof typeof MediaType]

/** How a product option is shown (lowercase on the wire). */
export const OptionType = /* @__PURE__ */ enumeration('drop_down color')
/** An {@link OptionType} value. */
export type OptionType = (typeof OptionType)[keyof typeof OptionType]

/** Kind of a product's discount. */
export const ProductDiscountType = /* @__PURE__ */ enumeration('NONE AMOUNT PERCENT')
/** A {@link ProductDiscountType} value. */
export type ProductDiscountType = (typeof ProductDiscountType)[keyof typeof ProductDiscountType]

/** Catalog version of a site. */
export const CatalogVersion = /* @__PURE__ */ enumeration('V1_CATALOG V3_CATALOG')
/** A {@link CatalogVersion} value. */
export type CatalogVersion = (typeof CatalogVersion)[keyof typeof CatalogVersion]

/** Direction of a query sort. */
export const SortOrder = /* @__PURE__ */ enumeration('ASC DESC')
/** A {@link SortOrder} value. */
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder]
