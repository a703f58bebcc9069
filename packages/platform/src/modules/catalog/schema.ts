import type { FromSchema } from '../../http/schema.js'

/*
 * JSON schemas of the catalog reader routes (a mismatch is a 400 with field violations). Path
 * parameters repeated in the query string or body (`?id=…`, `{id, …}`) are accepted, as the
 * provider's clients send them.
 */

/** A path id (product, variant, collection) or slug. */
export const key = { type: 'string', minLength: 1, maxLength: 200 } as const

/** `{id}` path parameters. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: key },
} as const

/** `{slug}` path parameters. */
export const slugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: key },
} as const

/** `{limit, offset}`: 1..100 items (default 50 for queries), from offset 0. */
export const paging = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
} as const

/**
 * `{filter, paging, sort}` (wire-contract §8). `filter` and `sort` may also be JSON text, as the
 * legacy API sent them: the query compiler checks them (`query.filter.<field>`,
 * `query.sort[i].fieldName`).
 */
export const query = {
  type: 'object',
  properties: {
    // An object, or its JSON text: checked field by field by the query compiler.
    filter: {},
    sort: {},
    paging,
    cursorPaging: { type: 'object' },
  },
} as const

/** The payload of the query routes: `{query, includeMerchantSpecificData?}`. */
export const queryPayload = {
  type: 'object',
  properties: { query, includeMerchantSpecificData: { type: 'boolean' } },
} as const

/** `GET /stores-reader/v1/products/{id}`'s query string. */
export const getProductQuery = {
  type: 'object',
  properties: { id: key, includeMerchantSpecificData: { type: 'boolean' } },
} as const

/** Option name → choice. */
export const choices = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 200 },
} as const

/** `productOptionsAvailability`: `{id?, options}`. */
export const availabilityBody = {
  type: 'object',
  properties: { id: key, options: choices },
} as const

/** `products/{id}/variants/query`. */
export const productVariantsBody = {
  type: 'object',
  properties: {
    id: key,
    choices,
    variantIds: { type: 'array', maxItems: 1000, items: key },
    paging,
    includeMerchantSpecificData: { type: 'boolean' },
  },
} as const

/** The payload of a query route, as its schema lets it through. */
export type QueryPayload = FromSchema<typeof queryPayload>

/** The body of `products/{id}/variants/query`. */
export type ProductVariantsBody = FromSchema<typeof productVariantsBody>
