import { dehydrate, type QueryClient } from '@tanstack/react-query'
import type { Product } from '@vitrine/client'
import { createVitrineQueryClient, vitrineKeys, type ProductPage } from '@vitrine/react'
import type { PageState } from '../lib/page-data'

/**
 * What a product card shows of a product (picture, ribbon, brand, name, price, colours, sold out):
 * the product lists' items are handed to the browser with these fields only. Their variants,
 * descriptions and galleries would make most of each page's document and delay its first paint on
 * a slow connection; the product page fetches the whole product by its slug.
 */
export function cardOf(product: Product): Product {
  const { id, slug, name, brand, ribbon, ribbons, stock, price, priceData, priceRange } = product
  const colours = product.productOptions?.filter((option) => option.optionType === 'color')
  const card: Product = {
    id,
    slug,
    name,
    brand,
    ribbon,
    ribbons,
    stock,
    price,
    priceData,
    priceRange,
    ...(product.media?.mainMedia && { media: { mainMedia: product.media.mainMedia } }),
    ...(colours?.length && {
      productOptions: colours.map(({ name, optionType, choices }) => ({
        name,
        optionType,
        choices: choices?.map(({ value, description }) => ({ value, description })),
      })),
    }),
  }
  return Object.fromEntries(
    Object.entries(card).filter(([, value]) => value !== undefined),
  ) as Product
}

/**
 * A page's data on the server: `fill` fetches into a QueryClient of this request, whose state is
 * handed to the browser (`PageState`), product lists as their cards ({@link cardOf}).
 */
export async function prefetched(
  fill: (queries: QueryClient) => Promise<unknown>,
): Promise<Required<PageState>> {
  const queries = createVitrineQueryClient()
  await fill(queries)
  for (const query of queries.getQueryCache().findAll({ queryKey: listKey })) {
    const page = query.state.data as ProductPage | undefined
    if (page) query.setState({ data: { ...page, items: page.items.map(cardOf) } })
  }
  return { state: dehydrate(queries) }
}

/** The key every product list's key starts with (a product's own is `[…, 'product', slug]`). */
const listKey = [...vitrineKeys.catalog(), 'products']
