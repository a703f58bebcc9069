import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { FromSchema as Derived, JSONSchema } from 'json-schema-to-ts'

/*
 * Builders of the JSON schemas routes declare (a mismatch is a 400 with field violations; see
 * field-violations.ts), typed exactly, so that each body's type is derived from its schema with
 * {@link FromSchema} rather than written again.
 */

export type { JSONSchema }

/** What a request that passed `schema` holds (defaulted properties are there). */
export type FromSchema<S extends JSONSchema> = Derived<S>

/**
 * The Fastify type provider of these schemas: on `app.withTypeProvider<SchemaTypes>()`, a route's
 * body, query and params have the types its schemas let through, written nowhere else.
 */
export interface SchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown
  serializer: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown
}

/** A Fastify scope typed by {@link SchemaTypes}: what every module registers its routes on. */
export type SchemaApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SchemaTypes
>

/** What a void call or a DELETE answers: `{}`. */
export const empty = (): Record<string, never> => ({})

/**
 * `T` without the index signature (`[x: string]: unknown`) a schema that lets other properties
 * through gives it, so that `keyof` and `Omit` see the named properties.
 */
export type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] }

/** A string of at most `maxLength` characters, and at least `minLength` when above 0. */
export const text = (maxLength: number, minLength = 0) =>
  ({ type: 'string', maxLength, ...(minLength > 0 ? { minLength } : {}) }) as const

/** A boolean. */
export const flag = { type: 'boolean' } as const

/** An array of at most `maxItems` `items`, and at least `minItems` when above 0. */
export const list = <const I extends JSONSchema>(items: I, maxItems: number, minItems = 0) =>
  ({ type: 'array', items, maxItems, ...(minItems > 0 ? { minItems } : {}) }) as {
    type: 'array'
    items: I
    maxItems: number
  }

/** An object of `properties` (others let through), the `required` ones needed. */
export const object = <
  const P extends Record<string, JSONSchema>,
  const R extends readonly (keyof P & string)[] = [],
>(
  properties: P,
  required?: R,
) =>
  ({
    type: 'object',
    properties,
    ...(required?.length ? { required } : {}),
  }) as { type: 'object'; properties: P; required: R }

/** An object with exactly these keys, as the provider's closed schemas: any other is a 400. */
export const closed = <const P extends Record<string, JSONSchema>>(properties: P) =>
  ({ ...object(properties), additionalProperties: false }) as {
    type: 'object'
    properties: P
    additionalProperties: false
  }
