import type {
  Collection,
  MediaItem,
  PriceData,
  Product,
  ProductMedia,
  ProductOptionsAvailability,
} from '@vitrine/client'

/*
 * What the shop's pages read of each kind of catalog answer, and so all that the browser is
 * handed of it — and all that the server's catalog cache keeps (`queries.server.ts`).
 */

/**
 * What a product card shows of a product (picture, ribbon, brand, name, price, colours, sold out):
 * the product lists' items are handed to the browser with these fields only. Their variants,
 * descriptions and galleries would make most of each page's document and delay its first paint on
 * a slow connection; the product page fetches the product by its slug ({@link pageProductOf}).
 */
export function cardOf(product: Product): Product {
  const { id, slug, name, brand, ribbon, ribbons, stock, priceRange } = product
  const colours = product.productOptions?.filter((option) => option.optionType === 'color')
  const card: Product = {
    id,
    slug,
    name,
    brand,
    // The ribbon it shows: `ribbon`, else the first of `ribbons`.
    ...(ribbon !== undefined ? { ribbon } : { ribbons }),
    ...(stock && { stock: { inStock: stock.inStock } }),
    ...priceOf(product),
    priceRange,
    ...(product.media?.mainMedia && {
      media: shownMedia({ mainMedia: product.media.mainMedia }),
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
 * `media` as the shop shows it ({@link shownItem}), without its main item when that is the
 * gallery's first one anyway (the shop shows main first, then the rest).
 */
function shownMedia(media: ProductMedia | undefined): ProductMedia | undefined {
  if (!media) return undefined
  const { mainMedia, items } = media
  const repeated =
    mainMedia?.image?.url !== undefined && items?.[0]?.image?.url === mainMedia.image.url
  return definedOf({
    mainMedia: mainMedia && !repeated ? shownItem(mainMedia) : undefined,
    items: items?.map(shownItem),
  })
}

/**
 * A media item as the shop shows it: its id, title and picture (URL, size, alt text). Not its
 * thumbnail (the shop shows its images at their own sizes), type, format or video.
 */
function shownItem({ id, title, image }: MediaItem): MediaItem {
  const { url, width, height, altText } = image ?? {}
  return definedOf({ id, title, image: image && definedOf({ url, width, height, altText }) })
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
    media: first && shownMedia({ mainMedia: first }),
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
 * What the product page reads of a product, handed to the browser: name, brand, description and
 * sections, price (`priceData`, else `price`) and range, stock, gallery and options (their
 * pictures as the shop shows them), collections, and each variant's choices and stock (what the
 * chosen one costs comes with its availability). Not its prices in another currency, weights,
 * costs, dates, SEO data or the ids of other systems: about a third of the product's size.
 */
export function pageProductOf(product: Product): Product {
  const { id, slug, name, brand, description, productType, sku, stock, priceRange } = product
  const { additionalInfoSections, collectionIds, manageVariants } = product
  return definedOf({
    id,
    slug,
    name,
    brand,
    description,
    productType,
    sku,
    stock,
    ...priceOf(product),
    priceRange,
    media: shownMedia(product.media),
    productOptions: product.productOptions?.map((option) => ({
      ...option,
      choices: option.choices?.map((choice) =>
        definedOf({ ...choice, media: shownMedia(choice.media) }),
      ),
    })),
    additionalInfoSections,
    collectionIds,
    manageVariants,
    variants: product.variants?.map(({ id, choices, stock }) => definedOf({ id, choices, stock })),
  })
}

/** The price the shop shows of a product: its `priceData`, else its `price` (the same fields). */
function priceOf({ priceData, price }: Product): { priceData?: PriceData; price?: PriceData } {
  return priceData ? { priceData } : { price }
}

/** `value` without its undefined fields. */
function definedOf<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}
