import { flag, list, object, type FromSchema } from '../../http/schema.js'

/*
 * JSON schemas of the catalog reader routes (a mismatch is a 400 with field violations). Path
 * parameters repeated in the query string or body (`?id=…`, `{id, …}`) are accepted, as the
 * provider's clients send them.
 */

/** A path id (product, variant, collection) or slug. */
export const key = { type: 'string', minLength: 1, maxLength: 200 } as const

/** `{id}` path parameters. */
export const idParams = object({ id: key }, ['id'])

/** `{slug}` path parameters. */
export const slugParams = object({ slug: key }, ['slug'])

/** `{limit, offset}`: 1..100 items (default 50 for queries), from offset 0. */
export const paging = object({
  limit: { type: 'integer', minimum: 1, maximum: 100 },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
})

/**
 * `{filter, paging, sort}` (wire-contract §8). `filter` and `sort` may also be JSON text, as the
 * legacy API sent them: the query compiler checks them (`query.filter.<field>`,
 * `query.sort[i].fieldName`).
 */
export const query = object({
  // An object, or its JSON text: checked field by field by the query compiler.
  filter: {},
  sort: {},
  paging,
  cursorPaging: { type: 'object' },
})

/** The payload of the query routes: `{query, includeMerchantSpecificData?}`. */
export const queryPayload = object({ query, includeMerchantSpecificData: flag })

/** `GET /stores-reader/v1/products/{id}`'s query string. */
export const getProductQuery = object({ id: key, includeMerchantSpecificData: flag })

/** Option name → choice. */
export const choices = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 200 },
} as const

/** `productOptionsAvailability`: `{id?, options}`. */
export const availabilityBody = object({ id: key, options: choices })

/** `products/{id}/variants/query`. */
export const productVariantsBody = object({
  id: key,
  choices,
  variantIds: list(key, 1000),
  paging,
  includeMerchantSpecificData: flag,
})

/** The payload of a query route, as its schema lets it through. */
export type QueryPayload = FromSchema<typeof queryPayload>

/** The body of `products/{id}/variants/query`. */
export type ProductVariantsBody = FromSchema<typeof productVariantsBody>
