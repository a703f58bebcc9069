/*
 * JSON schemas and body types of the catalog writer routes (wire-contract §4). Read-only fields
 * that clients send back (`id`, `numericId`, `lastUpdated`, …) are let through and ignored.
 */
import { flag, text, type FromSchema } from '../../http/schema.js'
import { key } from './schema.js'

/** The largest price, cost or weight the catalog takes (so that every sum of money stays exact). */
export const MAX_AMOUNT = 1e9
const amount = { type: 'number', minimum: 0, maximum: MAX_AMOUNT } as const
const ids = (maxItems: number) =>
  ({ type: 'array', minItems: 1, maxItems, uniqueItems: true, items: key }) as const

const UNITS = ['ML', 'CL', 'L', 'CBM', 'MG', 'G', 'KG', 'MM', 'CM', 'M', 'SQM', 'OZ', 'LB'].concat([
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
])

const choice = {
  type: 'object',
  properties: { value: text(100, 1), description: text(100, 1), inStock: flag, visible: flag },
} as const

const option = {
  type: 'object',
  required: ['name', 'choices'],
  properties: {
    optionType: { type: 'string', enum: ['drop_down', 'color'] },
    name: text(50, 1),
    choices: { type: 'array', minItems: 1, maxItems: 100, items: choice },
  },
} as const

/** The writable fields of a product. */
const product = {
  type: 'object',
  properties: {
    id: key,
    name: text(80, 1),
    slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\s/?#%\\\\]+$' },
    visible: flag,
    productType: { type: 'string', enum: ['physical', 'digital'] },
    description: text(16000),
    sku: text(40),
    weight: amount,
    priceData: { type: 'object', properties: { price: amount } },
    price: { type: 'object', properties: { price: amount } },
    costAndProfitData: { type: 'object', properties: { itemCost: amount } },
    discount: {
      type: 'object',
      properties: { type: { type: 'string', enum: ['NONE', 'AMOUNT', 'PERCENT'] }, value: amount },
    },
    ribbon: text(30),
    ribbons: {
      type: 'array',
      maxItems: 1,
      items: { type: 'object', properties: { text: text(30) } },
    },
    brand: text(50),
    manageVariants: flag,
    productOptions: { type: 'array', maxItems: 6, items: option },
    additionalInfoSections: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['title'],
        properties: { title: text(100, 1), description: text(16000) },
      },
    },
    customTextFields: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        required: ['title'],
        properties: {
          title: text(100, 1),
          maxLength: { type: 'integer', minimum: 1, maximum: 500 },
          mandatory: flag,
        },
      },
    },
    seoData: { type: 'object', maxProperties: 10 },
    pricePerUnitData: {
      type: 'object',
      required: ['totalQuantity', 'totalMeasurementUnit', 'baseQuantity', 'baseMeasurementUnit'],
      properties: {
        totalQuantity: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
        totalMeasurementUnit: { type: 'string', enum: UNITS },
        baseQuantity: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
        baseMeasurementUnit: { type: 'string', enum: UNITS },
      },
    },
    stock: {
      type: 'object',
      properties: {
        trackInventory: flag,
        quantity: { type: 'integer', minimum: 0, maximum: 1e9 },
        inStock: flag,
      },
    },
  },
} as const

/** `POST /stores/v1/products`: `{product}` with at least a name. */
export const createProductBody = {
  type: 'object',
  required: ['product'],
  properties: { product: { ...product, required: ['name'] } },
} as const

/** `PATCH /stores/v1/products/{id}`: `{product}` with the fields to change. */
export const updateProductBody = {
  type: 'object',
  required: ['product'],
  properties: { product },
} as const

const variantUpdate = {
  type: 'object',
  properties: {
    choices: { type: 'object', additionalProperties: text(100) },
    variantIds: ids(1000),
    price: amount,
    cost: amount,
    weight: amount,
    sku: text(40),
    visible: flag,
  },
} as const

/** `PATCH …/variants`: what to set on the variants picked by `choices` or `variantIds` (one needed). */
export const updateVariantsBody = {
  type: 'object',
  required: ['variants'],
  properties: {
    id: key,
    variants: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: variantUpdate,
    },
  },
} as const

const mediaItem = {
  type: 'object',
  properties: {
    url: { type: 'string', maxLength: 2048, pattern: '^(https?://|/)[^\\s]*$' },
    mediaId: key,
    width: { type: 'integer', minimum: 1, maximum: 100000 },
    height: { type: 'integer', minimum: 1, maximum: 100000 },
    choice: {
      type: 'object',
      required: ['option', 'choice'],
      properties: { option: text(50, 1), choice: text(100, 1) },
    },
  },
} as const

/** `POST …/media`: items by `url` (with its size when known) or `mediaId` (one needed), maybe for a choice. */
export const addMediaBody = {
  type: 'object',
  required: ['media'],
  properties: {
    id: key,
    media: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: mediaItem,
    },
  },
} as const

/** `POST …/media/delete`. */
export const removeMediaBody = {
  type: 'object',
  required: ['mediaIds'],
  properties: { id: key, mediaIds: ids(100) },
} as const

const choiceMedia = {
  type: 'object',
  required: ['option', 'choice', 'mediaIds'],
  properties: {
    option: text(50, 1),
    choice: text(100, 1),
    mediaIds: { type: 'array', maxItems: 100, items: key },
  },
} as const

/** `PATCH …/choices/media` and `POST …/choices/media/delete`. */
export const choicesMediaBody = {
  type: 'object',
  required: ['media'],
  properties: {
    id: key,
    media: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: choiceMedia,
    },
  },
} as const

/** `POST /stores/v1/collections/{id}/productIds[/delete]`. */
export const productIdsBody = {
  type: 'object',
  required: ['productIds'],
  properties: { id: key, productIds: ids(1000) },
} as const

const collection = {
  type: 'object',
  properties: {
    id: key,
    name: text(100, 1),
    slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\s/?#%\\\\]+$' },
    visible: flag,
    description: text(16000),
    media: {
      type: 'object',
      properties: {
        mainMedia: { type: 'object' },
        items: { type: 'array', maxItems: 50, items: { type: 'object' } },
      },
    },
  },
} as const

/** `POST /stores/v1/collections`. */
export const createCollectionBody = {
  type: 'object',
  required: ['collection'],
  properties: { collection: { ...collection, required: ['name'] } },
} as const

/** `PATCH /stores/v1/collections/{id}`. */
export const updateCollectionBody = {
  type: 'object',
  required: ['collection'],
  properties: { collection },
} as const

const properties = { price: amount, cost: amount, weight: amount } as const
const adjustment = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  properties: {
    amount: { type: 'number', minimum: -1e9, maximum: 1e9 },
    percentage: { type: 'number', minimum: -100, maximum: 10000 },
  },
} as const

/** `POST /stores/v1/bulk/products/update`: `{ids, set: {price|cost|weight}}`. */
export const bulkUpdateBody = {
  type: 'object',
  required: ['ids', 'set'],
  properties: {
    ids: ids(1000),
    set: { type: 'object', minProperties: 1, additionalProperties: false, properties },
  },
} as const

/** `POST /stores/v1/bulk/products/adjust-properties`: `{ids, adjust: {price|cost|weight: …}}`. */
export const bulkAdjustBody = {
  type: 'object',
  required: ['ids', 'adjust'],
  properties: {
    ids: ids(1000),
    adjust: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: { price: adjustment, cost: adjustment, weight: adjustment },
    },
  },
} as const

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

/** `POST /stores/v1/bulk/products/update`. */
export type BulkUpdateBody = FromSchema<typeof bulkUpdateBody>

/** `POST /stores/v1/bulk/products/adjust-properties`. */
export type BulkAdjustBody = FromSchema<typeof bulkAdjustBody>
