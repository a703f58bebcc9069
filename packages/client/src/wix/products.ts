import { products as main } from '../catalog/products.js'
import * as catalog from '../enums/catalog.js'
import * as commerce from '../enums/commerce.js'

/**
 * `products` as the official module has it: the operations of the main entry's `products` and
 * the official module's enumerations (`products.OptionType.color`).
 */
export const products = {
  ...main,
  DiscountType: catalog.ProductDiscountType,
  FileType: commerce.FileType,
  InventoryStatus: catalog.InventoryStatus,
  MeasurementUnit: catalog.MeasurementUnit,
  MediaItemType: catalog.MediaType,
  OptionType: catalog.OptionType,
  ProductType: catalog.ProductType,
  SortOrder: catalog.SortOrder,
  Version: catalog.CatalogVersion,
  WebhookIdentityType: commerce.IdentityType,
}

/**
 * The types of the catalog under the module's name, by the official module's names
 * (`let product: products.Product`), and the value types of its enumerations.
 */
export declare namespace products {
  export type AdditionalInfoSection = NonNullable<
    import('../catalog/types.js').Product['additionalInfoSections']
  >[number]
  export type Choice = import('../catalog/types.js').Choice
  export type Collection = import('../catalog/types.js').Collection
  export type CostAndProfitData = import('../catalog/types.js').CostAndProfitData
  export type Dimensions = import('../catalog/types.js').Dimensions
  export type GetStoreVariantResponse = import('../catalog/types.js').StoreVariantResponse
  export type Media = import('../catalog/types.js').ProductMedia
  export type MediaItem = import('../catalog/types.js').MediaItem
  export type MediaItemUrlAndSize = import('../catalog/types.js').MediaImage
  export type NumericPropertyRange = import('../catalog/types.js').NumericRange
  export type PriceData = import('../catalog/types.js').PriceData
  export type PricePerUnitData = import('../catalog/types.js').PricePerUnitData
  export type Product = import('../catalog/types.js').Product
  export type ProductOption = import('../catalog/types.js').ProductOption
  export type ProductOptionsAvailabilityResponse =
    import('../catalog/types.js').ProductOptionsAvailability
  export type QueryProductVariantsOptions =
    import('../catalog/types.js').QueryProductVariantsOptions
  export type QueryProductVariantsResponse =
    import('../catalog/types.js').QueryProductVariantsResponse
  export type QueryStoreVariantsResponse = import('../catalog/types.js').QueryStoreVariantsResponse
  export type Stock = import('../catalog/types.js').Stock
  export type StoreVariant = import('../catalog/types.js').StoreVariant
  /** A product's variant, as the official module names it (this package's `ProductVariant`). */
  export type Variant = import('../catalog/types.js').ProductVariant
  export type VariantData = import('../catalog/types.js').SelectedVariant
  export type VariantDataWithNoStock = import('../catalog/types.js').VariantData
  /** What `updateProductVariants` sets (this package's `Variant`). */
  export type VariantOverride = import('../catalog/types.js').Variant

  export type DiscountType = import('../enums/catalog.js').ProductDiscountType
  export type FileType = import('../enums/commerce.js').FileType
  export type InventoryStatus = import('../enums/catalog.js').InventoryStatus
  export type MeasurementUnit = import('../enums/catalog.js').MeasurementUnit
  export type MediaItemType = import('../enums/catalog.js').MediaType
  export type OptionType = import('../enums/catalog.js').OptionType
  export type ProductType = import('../enums/catalog.js').ProductType
  export type SortOrder = import('../enums/catalog.js').SortOrder
  export type Version = import('../enums/catalog.js').CatalogVersion
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
