import type { CatalogItem } from '../catalog/index.js'

/** The availability of `quantity` units of `item` (`undefined`: no longer in the catalog). */
export function availabilityOf(
  item: CatalogItem | undefined,
  quantity: number,
): { status: string; quantityAvailable?: number } {
  if (!item) return { status: 'NOT_FOUND' }
  if (!item.visible) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 }
  if (!item.inStock || item.stock === 0) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 }
  if (item.stock === null) return { status: 'AVAILABLE' }
  if (item.stock < quantity) return { status: 'PARTIALLY_AVAILABLE', quantityAvailable: item.stock }
  return { status: 'AVAILABLE', quantityAvailable: item.stock }
}
