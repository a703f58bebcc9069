import type { PlatformModule } from '../module.js'
import { catalogRoutes } from './routes.js'

/**
 * The Stores v1 catalog: products, variants and collections, read (`/stores-reader/v1/…`,
 * `/v2/collections/…`) and written (`/stores/v1/…`), with the catalog events.
 */
export const catalogModule: PlatformModule = { name: 'catalog', routes: catalogRoutes }

export { wireImage } from './media-urls.js'
export {
  loadCatalog,
  resolveReference,
  type CatalogItem,
  type CatalogReference,
  type CatalogRows,
  type DescriptionLine,
} from './cart-items.js'
export { siteCurrency, visibleProductHasSlug } from './lookups.js'
export { choicesKey, combinations, DEFAULT_VARIANT_ID } from './options.js'
export { refreshProductDocuments } from './product-documents.js'
export { relatedProducts } from './related-products.js'
export { slugify } from './slug.js'
export { STORES_APP_ID } from './rows.js'
export { lockStock, returnStock, takeStock, type StockWant } from './stock.js'
export type { ProductsTable, VariantsTable } from './tables.js'
export type { Media, WireImage } from './types.js'
