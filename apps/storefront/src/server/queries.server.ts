import { dehydrate, type QueryClient } from '@tanstack/react-query'
import type { MediaItem, Product, ProductMedia } from '@vitrine/client'
import { createVitrineQueryClient, vitrineKeys, type ProductPage } from '@vitrine/react'
import type { PageState } from '../lib/page-data'

/**
 * What a product card shows of a product (picture, ribbon, brand, name, price, colours, sold out):
 * the product lists' items are handed to the browser with these fields only. Their variants,
 * descriptions and galleries would make most of each page's document and delay its first paint on
 * a slow connection; the product page fetches the product by its slug ({@link pageProductOf}).
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
    ...(product.media?.mainMedia && {
      media: withoutThumbnails({ mainMedia: product.media.mainMedia }),
    }),
    ...(colours?.length && {
      productOptions: colours.map(({ name, optionType, choices }) => ({
        name,
        optionType,
        choices: choices?.map(({ value, description }) => ({ value, description })),
      })),
    }),
  }
  return definedOf(card)
}

/** `media` without its thumbnails (the shop shows its images at their own sizes). */
function withoutThumbnails(media: ProductMedia | undefined): ProductMedia | undefined {
  if (!media) return undefined
  const image = ({ thumbnail, ...item }: MediaItem): MediaItem => item
  return definedOf({
    ...media,
    mainMedia: media.mainMedia && image(media.mainMedia),
    items: media.items?.map(image),
  })
}

/**
 * What the product page shows of a product, handed to the browser: everything but what no page of
 * the shop reads — prices converted to another currency (the shop has one), thumbnails, weights,
 * costs, dates and the ids of other systems. Half the product's size, most of it in its variants.
 */
export function pageProductOf(product: Product): Product {
  const {
    convertedPriceData,
    weight,
    weightRange,
    costAndProfitData,
    costRange,
    numericId,
    inventoryItemId,
    productPageUrl,
    lastUpdated,
    createdDate,
    ...kept
  } = product
  return definedOf({
    ...kept,
    media: withoutThumbnails(kept.media),
    productOptions: kept.productOptions?.map((option) => ({
      ...option,
      choices: option.choices?.map((choice) =>
        definedOf({ ...choice, media: withoutThumbnails(choice.media) }),
      ),
    })),
    variants: kept.variants?.map(({ variant, ...rest }) => {
      if (!variant) return rest
      const { convertedPriceData, costAndProfitData, weight, ...data } = variant
      return { ...rest, variant: data }
    }),
  })
}

/** `value` without its undefined fields (they would travel to the browser as such). */
function definedOf<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
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
  for (const query of queries.getQueryCache().findAll({ queryKey: productKey })) {
    const product = query.state.data as Product | undefined
    if (product) query.setState({ data: pageProductOf(product) })
  }
  return { state: dehydrate(queries) }
}

/** The key every product list's key starts with, and every product's. */
const listKey = [...vitrineKeys.catalog(), 'products']
const productKey = [...vitrineKeys.catalog(), 'product']
