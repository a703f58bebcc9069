import { dates, floats } from '../codec/convert.js'
import { imageRefs, videoRefs } from '../codec/media.js'
import { under, type Codec } from '../http/endpoint.js'

/** Prefixes every path of `paths` with every prefix of `prefixes` (both space-separated). */
const each = (prefixes: string, paths: string): string[] =>
  prefixes.split(' ').flatMap((prefix) => under(prefix, paths))

const PRICES = 'price pricePerUnit discountedPrice'

/** Float paths of a variant's data (wire-contract §3 VARIANT_FLOATS, without the prefix). */
const VARIANT = [
  'weight',
  ...each('priceData. convertedPriceData.', PRICES),
  ...under('costAndProfitData.', 'itemCost profit profitMargin'),
].join(' ')

/** Float paths of a product (wire-contract §3 PRODUCT_FLOATS, without the prefix): 32 paths. */
const PRODUCT = [
  VARIANT,
  ...under('price.', PRICES),
  ...each('weightRange. priceRange. costRange.', 'minValue maxValue'),
  ...under('pricePerUnitData.', 'totalQuantity baseQuantity'),
  'discount.value',
  ...under('variants.variant.', VARIANT),
].join(' ')

/** Floats and dates of one product (`product.`) or of a list of them (`products.`). */
export const productCodecs = (prefix: 'product.' | 'products.'): Codec[] => [
  dates(under(prefix, 'lastUpdated createdDate')),
  floats(under(prefix, PRODUCT)),
]

/** Floats of a list of product variants. */
export const variantCodecs: Codec[] = [floats(under('variants.variant.', VARIANT))]

/** The date of one collection (`collection.`) or of a list of them (`collections.`). */
export const collectionCodecs = (prefix: 'collection.' | 'collections.'): Codec[] => [
  dates([prefix + 'lastUpdated']),
]

/** Floats of the variant that `getProductOptionsAvailability` selects. */
export const availabilityCodecs: Codec[] = [
  floats(
    under('selectedVariant.', ['weight', ...each('price. convertedPriceData.', PRICES)].join(' ')),
  ),
]

const VIDEO = 'media.video.'

/** STOREVARIANT_MEDIA of one store variant (`variant.`) or of a list of them (`variants.`). */
export const storeVariantCodecs = (prefix: 'variant.' | 'variants.'): Codec[] => [
  dates(
    under(
      prefix,
      `media.image.urlExpirationDate ${VIDEO}urlExpirationDate ${VIDEO}resolutions.urlExpirationDate ${VIDEO}resolutions.poster.urlExpirationDate ${VIDEO}posters.urlExpirationDate`,
    ),
  ),
  floats(
    each(
      `${prefix}media.image. ${prefix}${VIDEO}resolutions.poster. ${prefix}${VIDEO}posters.`,
      'focalPoint.x focalPoint.y',
    ),
  ),
  imageRefs([prefix + 'media.image']),
  videoRefs([prefix + 'media.video']),
]
