/*
 * JSON schemas and body types of the catalog writer routes (wire-contract §4). Read-only fields
 * that clients send back (`id`, `numericId`, `lastUpdated`, …) are let through and ignored.
 */
import { closed, flag, list, object, text, type FromSchema } from '../../http/schema.js'
import { key } from './schema.js'

/** The largest price, cost or weight the catalog takes (so that every sum of money stays exact). */
export const MAX_AMOUNT = 1e9
const amount = { type: 'number', minimum: 0, maximum: MAX_AMOUNT } as const
const ids = (maxItems: number) => ({ ...list(key, maxItems, 1), uniqueItems: true }) as const
/** A product's or collection's slug: no space, `/`, `?`, `#`, `%` or `\`. */
const slug = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\s/?#%\\\\]+$' } as const

/** The measurement units of a price per unit. */
const UNITS = 'ML CL L CBM MG G KG MM CM M SQM OZ LB FLOZ PT QT GAL IN FT YD SQFT'.split(' ')

const choice = object({
  value: text(100, 1),
  description: text(100, 1),
  inStock: flag,
  visible: flag,
})

const option = object(
  {
    optionType: { type: 'string', enum: ['drop_down', 'color'] },
    name: text(50, 1),
    choices: list(choice, 100, 1),
  },
  ['name', 'choices'],
)

/** A title with a text, as product pages show (`additionalInfoSections`). */
const section = object({ title: text(100, 1), description: text(16000) }, ['title'])

/** The writable fields of a product. */
const product = object({
  id: key,
  name: text(80, 1),
  slug,
  visible: flag,
  productType: { type: 'string', enum: ['physical', 'digital'] },
  description: text(16000),
  sku: text(40),
  weight: amount,
  priceData: object({ price: amount }),
  price: object({ price: amount }),
  costAndProfitData: object({ itemCost: amount }),
  discount: object({
    type: { type: 'string', enum: ['NONE', 'AMOUNT', 'PERCENT'] },
    value: amount,
  }),
  ribbon: text(30),
  ribbons: list(object({ text: text(30) }), 1),
  brand: text(50),
  manageVariants: flag,
  productOptions: list(option, 6),
  additionalInfoSections: list(section, 20),
  customTextFields: list(
    object(
      {
        title: text(100, 1),
        maxLength: { type: 'integer', minimum: 1, maximum: 500 },
        mandatory: flag,
      },
      ['title'],
    ),
    5,
  ),
  seoData: { type: 'object', maxProperties: 10 },
  pricePerUnitData: object(
    {
      totalQuantity: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
      totalMeasurementUnit: { type: 'string', enum: UNITS },
      baseQuantity: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
      baseMeasurementUnit: { type: 'string', enum: UNITS },
    },
    ['totalQuantity', 'totalMeasurementUnit', 'baseQuantity', 'baseMeasurementUnit'],
  ),
  stock: object({
    trackInventory: flag,
    quantity: { type: 'integer', minimum: 0, maximum: 1e9 },
    inStock: flag,
  }),
})

/** `POST /stores/v1/products`: `{product}` with at least a name. */
export const createProductBody = object({ product: { ...product, required: ['name'] } }, [
  'product',
])

/** `PATCH /stores/v1/products/{id}`: `{product}` with the fields to change. */
export const updateProductBody = object({ product }, ['product'])

const variantUpdate = object({
  choices: { type: 'object', additionalProperties: text(100) },
  variantIds: ids(1000),
  price: amount,
  cost: amount,
  weight: amount,
  sku: text(40),
  visible: flag,
})

/** `PATCH …/variants`: what to set on the variants picked by `choices` or `variantIds` (one needed). */
export const updateVariantsBody = object({ id: key, variants: list(variantUpdate, 100, 1) }, [
  'variants',
])

const mediaItem = object({
  url: { type: 'string', maxLength: 2048, pattern: '^(https?://|/)[^\\s]*$' },
  mediaId: key,
  width: { type: 'integer', minimum: 1, maximum: 100000 },
  height: { type: 'integer', minimum: 1, maximum: 100000 },
  choice: object({ option: text(50, 1), choice: text(100, 1) }, ['option', 'choice']),
})

/** `POST …/media`: items by `url` (with its size when known) or `mediaId` (one needed), maybe for a choice. */
export const addMediaBody = object({ id: key, media: list(mediaItem, 50, 1) }, ['media'])

/** `POST …/media/delete`. */
export const removeMediaBody = object({ id: key, mediaIds: ids(100) }, ['mediaIds'])

const choiceMedia = object(
  { option: text(50, 1), choice: text(100, 1), mediaIds: list(key, 100) },
  ['option', 'choice', 'mediaIds'],
)

/** `PATCH …/choices/media` and `POST …/choices/media/delete`. */
export const choicesMediaBody = object({ id: key, media: list(choiceMedia, 100, 1) }, ['media'])

/** `POST /stores/v1/collections/{id}/productIds[/delete]`. */
export const productIdsBody = object({ id: key, productIds: ids(1000) }, ['productIds'])

const collection = object({
  id: key,
  name: text(100, 1),
  slug,
  visible: flag,
  description: text(16000),
  media: object({ mainMedia: { type: 'object' }, items: list({ type: 'object' }, 50) }),
})

/** `POST /stores/v1/collections`. */
export const createCollectionBody = object({ collection: { ...collection, required: ['name'] } }, [
  'collection',
])

/** `PATCH /stores/v1/collections/{id}`. */
export const updateCollectionBody = object({ collection }, ['collection'])

const properties = { price: amount, cost: amount, weight: amount } as const
const adjustment = {
  ...object({
    amount: { type: 'number', minimum: -1e9, maximum: 1e9 },
    percentage: { type: 'number', minimum: -100, maximum: 10000 },
  }),
  minProperties: 1,
  maxProperties: 1,
} as const

/** `POST /stores/v1/bulk/products/update`: `{ids, set: {price|cost|weight}}`. */
export const bulkUpdateBody = object(
  { ids: ids(1000), set: { ...closed(properties), minProperties: 1 } },
  ['ids', 'set'],
)

/** `POST /stores/v1/bulk/products/adjust-properties`: `{ids, adjust: {price|cost|weight: …}}`. */
export const bulkAdjustBody = object(
  {
    ids: ids(1000),
    adjust: {
      ...closed({ price: adjustment, cost: adjustment, weight: adjustment }),
      minProperties: 1,
    },
  },
  ['ids', 'adjust'],
)

/** An option as a writer sends it. */
export type OptionInput = FromSchema<typeof option>

/** The writable fields of a product (see the schema). */
export type ProductInput = FromSchema<typeof product>

/** What `PATCH …/variants` sets on the variants it picks. */
export type VariantUpdate = FromSchema<typeof variantUpdate>

/** One media item to add. */
export type MediaInput = FromSchema<typeof mediaItem>

/** Media ids of one choice. */
export type ChoiceMediaInput = FromSchema<typeof choiceMedia>

/** The writable fields of a collection. */
export type CollectionInput = FromSchema<typeof collection>

/** A product property that the bulk calls set or adjust. */
export type BulkProperty = keyof typeof properties

/** How a bulk adjustment changes a property: by an amount or a percentage. */
export type Adjustment = FromSchema<typeof adjustment>
