import { dehydrate, type QueryClient } from '@tanstack/react-query'
import type {
  Collection,
  MediaItem,
  Product,
  ProductMedia,
  ProductOptionsAvailability,
} from '@vitrine/client'
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

/**
 * `media` without its thumbnails (the shop shows its images at their own sizes), and without its
 * main item when that is the gallery's first one anyway (the shop shows main first, then the rest).
 */
function withoutThumbnails(media: ProductMedia | undefined): ProductMedia | undefined {
  if (!media) return undefined
  const image = ({ thumbnail, ...item }: MediaItem): MediaItem => item
  const { mainMedia, items } = media
  const repeated =
    mainMedia?.image?.url !== undefined && items?.[0]?.image?.url === mainMedia.image.url
  return definedOf({
    ...media,
    mainMedia: mainMedia && !repeated ? image(mainMedia) : undefined,
    items: items?.map(image),
  })
}

/**
 * What the shop shows of a collection (menus, filters, its card: name, description, product count
 * and first picture), handed to the browser by every page's layout.
 */
export function collectionCardOf(collection: Collection): Collection {
  const { id, name, slug, description, numberOfProducts, visible, media } = collection
  const first = media?.mainMedia ?? media?.items?.[0]
  return definedOf({
    id,
    name,
    slug,
    description,
    numberOfProducts,
    visible,
    media: first && withoutThumbnails({ mainMedia: first }),
  })
}

/**
 * What the product page reads of its options' availability: which choices are in stock and
 * shown, and the variant they select. The choices' pictures are the product's own.
 */
export function availabilityOf(
  availability: ProductOptionsAvailability,
): ProductOptionsAvailability {
  return {
    ...availability,
    productOptions: availability.productOptions?.map((option) => ({
      ...option,
      choices: option.choices?.map(({ media, ...choice }) => choice),
    })),
  }
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
 * handed to the browser (`PageState`) as the pages read it: product lists as their cards
 * ({@link cardOf}), a product as its page ({@link pageProductOf}), collections as their cards
 * ({@link collectionCardOf}), availability without pictures ({@link availabilityOf}).
 */
export async function prefetched(
  fill: (queries: QueryClient) => Promise<unknown>,
): Promise<Required<PageState>> {
  const queries = createVitrineQueryClient()
  await fill(queries)
  for (const [key, trim] of trims)
    for (const query of queries.getQueryCache().findAll({ queryKey: key })) {
      const data = query.state.data
      if (data !== undefined) query.setState({ data: trim(data) })
    }
  return { state: dehydrate(queries) }
}

const catalogKey = (name: string) => [...vitrineKeys.catalog(), name]
/** Each kind of catalog query the pages prefetch (by the start of its key), as it is handed over. */
const trims: [readonly unknown[], (data: any) => unknown][] = [
  [catalogKey('products'), (page: ProductPage) => ({ ...page, items: page.items.map(cardOf) })],
  [catalogKey('product'), pageProductOf],
  [vitrineKeys.collections(), (collections: Collection[]) => collections.map(collectionCardOf)],
  [catalogKey('availability'), availabilityOf],
]
