import { refreshProductDocuments } from '../modules/catalog/index.js'
import type { DemoSeeder } from './demo.js'
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from './demo-collections.js'
import { collectionImage, mediaItem } from './demo-images.js'
import { productRows, stableId } from './demo-rows.js'

const HOUR = 60 * 60 * 1000

/**
 * The demo catalog: products with options, variants and pictures (served by `GET /media/…`,
 * stored as paths), and the collections that group them. Products are dated an hour
 * apart, the last of `DEMO_PRODUCTS` the newest. The catalog builds their stored documents.
 */
export const seedDemoCatalog: DemoSeeder = async (trx) => {
  const now = Date.now()
  const rows = DEMO_PRODUCTS.map((product, index) =>
    productRows(
      product,
      index,
      new Date(now - (DEMO_PRODUCTS.length - index) * HOUR).toISOString(),
    ),
  )
  await trx
    .insertInto('products')
    .values(rows.map((row) => row.product))
    .execute()
  await trx
    .insertInto('variants')
    .values(rows.flatMap((row) => row.variants))
    .execute()

  const created = new Date(now).toISOString()
  const collections = DEMO_COLLECTIONS.map((collection) => {
    const item = mediaItem(collectionImage(collection))
    return {
      id: stableId('collection', collection.slug),
      name: collection.name,
      slug: collection.slug,
      visible: 1,
      description: collection.description,
      media: JSON.stringify({ mainMedia: item, items: [item] }),
      created_date: created,
      last_updated: created,
    }
  })
  await trx.insertInto('collections').values(collections).execute()
  await trx
    .insertInto('collection_products')
    .values(
      DEMO_COLLECTIONS.flatMap((collection) =>
        collection.products.map((slug, position) => ({
          collection_id: stableId('collection', collection.slug),
          product_id: stableId('product', slug),
          position,
        })),
      ),
    )
    .execute()
  const productIds = rows.map((row) => row.product.id)
  await refreshProductDocuments(trx, productIds)
}
