import type { Expression, SqlBool } from 'kysely'
import { PlatformError, type RuleType } from '../http/platform-error.js'

/*
 * The catalog's query language (wire-contract §8): `{filter, paging: {limit, offset}, sort}`,
 * with the filter operators of the provider's query builder. A filter is parsed against a
 * whitelist of fields into a condition tree (every mistake is a 400 naming the field); sql.ts
 * turns the tree into parameterised SQL with Kysely's expression builder: values are always bound
 * parameters, fields are always columns of the whitelist.
 */

/** How a field's values are read and compared. */
export type FieldType = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'membership'

/** One filterable field: its SQL expression (a whitelisted column) and its type. */
export interface FieldDef {
  type: FieldType
  /** The column or expression (never built from input). */
  expr: Expression<any>
  /** The column may hold NULL (`$exists: false` matches those). */
  nullable?: boolean
  /** An index on `lower(expr)` exists (`products_lower_name`): `$startsWith` can use it. */
  lowerIndex?: boolean
  /** Compared with `$eq`, `$ne`, `$in`, `$nin` and `$exists` only (ids, as the provider has them). */
  equalityOnly?: boolean
  /** `enum`: the allowed values. */
  values?: readonly string[]
  /**
   * `membership`: rows whose set holds any of `ids` (all of them when `all`; every member when
   * `ids` is null), as one `in (subquery)` over `collection_products` whatever the number of ids.
   */
  member?: (ids: readonly string[] | null, all?: boolean) => Expression<SqlBool>
}

/** The whitelist of one query: wire field name → definition. */
export type FieldMap = Readonly<Record<string, FieldDef>>

/** A sort key. */
export interface SortKey {
  field: FieldDef
  desc: boolean
}

/** A parsed query, ready to apply to a select. */
export interface QueryPlan {
  where: Condition
  sort: SortKey[]
  limit: number
  offset: number
}

type Scalar = string | number | null
type Comparison = '=' | '<>' | '>' | '>=' | '<' | '<='
type Like = 'startsWith' | 'endsWith' | 'contains'

/** The condition tree a filter is parsed into (all values already type-checked). */
export type Condition =
  | { kind: 'and' | 'or'; items: Condition[] }
  | { kind: 'not'; item: Condition }
  | { kind: 'const'; value: boolean }
  | { kind: 'compare'; field: FieldDef; op: Comparison; value: Scalar }
  | { kind: 'in'; field: FieldDef; values: Scalar[] }
  | { kind: 'like'; field: FieldDef; op: Like; value: string }
  | { kind: 'null'; field: FieldDef; isNull: boolean }
  | { kind: 'member'; field: FieldDef; ids: string[] | null; all: boolean }

/*
 * Bounds of a filter, so that every filter the parser lets through is a statement both engines
 * run (SQLite refuses expressions nested 1000 deep; each value is a bound parameter).
 */
const MAX_DEPTH = 8
/** Conditions in a whole filter (and so in any one `$and`/`$or`). */
const MAX_TERMS = 100
/** Values of one list (`$in`, `$hasSome`, `$hasAll`), and of all the lists of a filter. */
const MAX_LIST = 1000
const MAX_TEXT = 1000
const COMPARISONS: Record<string, Comparison> = {
  $eq: '=',
  $ne: '<>',
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
}
const LIKES: Record<string, Like> = {
  $startsWith: 'startsWith',
  $endsWith: 'endsWith',
  $contains: 'contains',
}
const EQUALITY = new Set(['$eq', '$ne', '$in', '$nin', '$exists', '$not'])
const ORDERED = new Set<FieldType>(['text', 'number', 'integer', 'date'])
const OPERATORS = [...Object.keys(COMPARISONS), '$in', '$nin', '$hasSome', '$hasAll']
  .concat(Object.keys(LIKES), ['$exists', '$not'])
  .join(', ')

const TRUE: Condition = { kind: 'const', value: true }
const FALSE: Condition = { kind: 'const', value: false }

const fail = (field: string, description: string, rule: RuleType = 'VALIDATION'): never => {
  throw PlatformError.invalid(field, description, rule)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const describeType = (def: FieldDef): string =>
  def.type === 'enum'
    ? `one of ${def.values!.join(', ')}`
    : `a ${def.type === 'integer' ? 'whole number' : def.type === 'membership' ? 'text id' : def.type}`

/** A filter value checked against the field's type, in the column's form (booleans as 0/1). */
function scalar(def: FieldDef, value: unknown, path: string, op: string): Scalar {
  const bad = () =>
    fail(
      path,
      `${op} expects ${describeType(def)}, got ${String(JSON.stringify(value)).slice(0, 80)}`,
    )
  switch (def.type) {
    case 'text':
    case 'membership':
      if (typeof value !== 'string') return bad()
      if (value.length > MAX_TEXT) fail(path, `${op} value is longer than ${MAX_TEXT} characters`)
      return value
    case 'enum':
      return typeof value === 'string' && def.values!.includes(value) ? value : bad()
    case 'boolean':
      return typeof value === 'boolean' ? Number(value) : bad()
    case 'number':
    case 'integer': {
      const number =
        typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
      if (typeof number !== 'number' || !Number.isFinite(number)) return bad()
      if (def.type === 'integer' && !Number.isSafeInteger(number)) return bad()
      return number
    }
    case 'date': {
      const text = isObject(value) && '$date' in value ? value.$date : value
      const time = typeof text === 'string' ? Date.parse(text) : NaN
      return Number.isNaN(time) ? bad() : new Date(time).toISOString()
    }
  }
}

function list(def: FieldDef, value: unknown, path: string, op: string): Scalar[] {
  if (!Array.isArray(value)) return fail(path, `${op} expects an array`)
  if (value.length > MAX_LIST) fail(path, `${op} takes at most ${MAX_LIST} values`, 'MAX_SIZE')
  return value.map((item) => scalar(def, item, path, op))
}

const not = (item: Condition): Condition => ({ kind: 'not', item })

/** Rows whose set holds any of `ids` (all of them when `all`; any member at all when null). */
const member = (field: FieldDef, ids: string[] | null, all = false): Condition => ({
  kind: 'member',
  field,
  ids,
  all,
})

/**
 * `condition`, or no value of a nullable `field`: `$ne` and `$nin` also match rows without a
 * value, as in the provider's (document) queries.
 */
const orMissing = (field: FieldDef, condition: Condition): Condition =>
  field.nullable
    ? { kind: 'or', items: [condition, { kind: 'null', field, isNull: true }] }
    : condition

/** `$eq`/`$ne` with a value; `null` tests for a missing value. */
function equality(def: FieldDef, op: '$eq' | '$ne', value: unknown, path: string): Condition {
  if (value === null) return nullTest(def, op === '$eq')
  if (def.type === 'membership') {
    const has = member(def, [scalar(def, value, path, op) as string])
    return op === '$eq' ? has : not(has)
  }
  const bound = scalar(def, value, path, op)
  const compare: Condition = { kind: 'compare', field: def, op: COMPARISONS[op]!, value: bound }
  return op === '$ne' ? orMissing(def, compare) : compare
}

function nullTest(def: FieldDef, isNull: boolean): Condition {
  if (def.type === 'membership') return isNull ? not(member(def, null)) : member(def, null)
  if (!def.nullable) return isNull ? FALSE : TRUE
  return { kind: 'null', field: def, isNull }
}

function operator(
  def: FieldDef,
  op: string,
  value: unknown,
  path: string,
  depth: number,
): Condition {
  if (def.equalityOnly && !EQUALITY.has(op))
    return fail(
      path,
      `${op} does not apply here: use ${[...EQUALITY].join(', ')}`,
      'FIELD_NOT_ALLOWED',
    )
  if (op === '$eq' || op === '$ne') return equality(def, op, value, path)
  if (op === '$exists') {
    if (typeof value !== 'boolean') return fail(path, '$exists expects true or false')
    return nullTest(def, !value)
  }
  if (op === '$not') {
    if (!isObject(value)) return fail(path, '$not expects an object of operators')
    return not(fieldCondition(def, value, path, depth + 1))
  }
  if (op in COMPARISONS) {
    if (!ORDERED.has(def.type)) return fail(path, `${op} cannot compare ${describeType(def)}`)
    return {
      kind: 'compare',
      field: def,
      op: COMPARISONS[op]!,
      value: scalar(def, value, path, op),
    }
  }
  if (op in LIKES) {
    if (def.type !== 'text') return fail(path, `${op} applies to text fields only`)
    const text = scalar(def, value, path, op) as string
    return { kind: 'like', field: def, op: LIKES[op]!, value: text }
  }
  if (op === '$hasSome' || op === '$hasAll') {
    if (def.type !== 'membership')
      return fail(path, `${op} applies to array fields (such as collectionIds) only`)
    return member(def, list(def, value, path, op) as string[], op === '$hasAll')
  }
  if (op === '$in' || op === '$nin') {
    const values = list(def, value, path, op)
    if (def.type === 'membership') {
      const within = member(def, values as string[])
      return op === '$in' ? within : not(within)
    }
    const within: Condition = { kind: 'in', field: def, values }
    return op === '$in' ? within : orMissing(def, not(within))
  }
  return fail(path, `has an unknown operator "${op}"; supported: ${OPERATORS}`, 'FIELD_NOT_ALLOWED')
}

/** `{field: value}` or `{field: {$op: value, …}}` (all operators must hold). */
function fieldCondition(def: FieldDef, value: unknown, path: string, depth: number): Condition {
  if (depth > MAX_DEPTH) fail(path, `nests deeper than ${MAX_DEPTH} levels`)
  if (!isObject(value) || (def.type === 'date' && '$date' in value))
    return equality(def, '$eq', value, path)
  const ops = Object.keys(value)
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$')))
    return fail(path, `expects a value or an object of operators (${OPERATORS})`)
  const items = ops.map((op) => operator(def, op, value[op], path, depth))
  return items.length === 1 ? items[0]! : { kind: 'and', items }
}

function parseFilterObject(
  filter: Record<string, unknown>,
  fields: FieldMap,
  depth: number,
  root: string,
): Condition {
  if (depth > MAX_DEPTH) fail(`${root}.filter`, `nests deeper than ${MAX_DEPTH} levels`)
  const items: Condition[] = []
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      const path = `${root}.filter.${key}`
      if (!Array.isArray(value) || value.some((item) => !isObject(item)))
        return fail(path, `${key} expects an array of filter objects`)
      if (value.length > MAX_TERMS)
        fail(path, `${key} takes at most ${MAX_TERMS} filters`, 'MAX_SIZE')
      const parts = value.map((item) => parseFilterObject(item, fields, depth + 1, root))
      const kind = key === '$and' ? 'and' : 'or'
      items.push(parts.length ? { kind, items: parts } : kind === 'and' ? TRUE : FALSE)
    } else if (key === '$not') {
      if (!isObject(value)) fail(`${root}.filter.$not`, '$not expects a filter object')
      items.push(not(parseFilterObject(value as Record<string, unknown>, fields, depth + 1, root)))
    } else {
      const def = Object.hasOwn(fields, key) ? fields[key] : undefined
      if (!def)
        fail(
          `${root}.filter.${key}`,
          key.startsWith('$')
            ? `is not a supported operator here: use $and, $or or $not`
            : `is not a field that can be filtered; use one of: ${Object.keys(fields).join(', ')}`,
          'FIELD_NOT_ALLOWED',
        )
      items.push(fieldCondition(def!, value, `${root}.filter.${key}`, depth))
    }
  }
  return items.length === 1 ? items[0]! : { kind: 'and', items }
}

/** A JSON value the legacy API sent as a string (`filter: '{"name":"x"}'`), parsed. */
function fromJsonText(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value
  if (value.trim() === '') return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    return fail(field, 'is not valid JSON', 'FORMAT')
  }
}

/** How many conditions `c` holds, and how many list values. */
function size(c: Condition): [terms: number, values: number] {
  if (c.kind === 'and' || c.kind === 'or')
    return c.items.map(size).reduce(([terms, values], [t, v]) => [terms + t, values + v], [0, 0])
  if (c.kind === 'not') return size(c.item)
  if (c.kind === 'const') return [0, 0]
  return [1, c.kind === 'in' ? c.values.length : c.kind === 'member' ? (c.ids?.length ?? 0) : 0]
}

/**
 * Parses a filter (an object, or its JSON text as the legacy API sent it) against `fields`.
 * Throws a 400 naming the field (`query.filter.<field>`, or under another `root` such as
 * `search`) for an unknown field or operator or a value of the wrong type, and for a filter past
 * its bounds (nesting, conditions, list values).
 */
export function parseFilter(filter: unknown, fields: FieldMap, root = 'query'): Condition {
  const value = fromJsonText(filter, `${root}.filter`)
  if (value === undefined || value === null) return TRUE
  if (!isObject(value)) return fail(`${root}.filter`, 'must be an object')
  const where = parseFilterObject(value, fields, 0, root)
  const [terms, values] = size(where)
  if (terms > MAX_TERMS)
    fail(`${root}.filter`, `holds ${terms} conditions; at most ${MAX_TERMS}`, 'MAX_SIZE')
  if (values > MAX_LIST)
    fail(`${root}.filter`, `lists ${values} values in all; at most ${MAX_LIST}`, 'MAX_SIZE')
  return where
}

/**
 * Parses `[{fieldName, order}]` (or its JSON text) against the sortable fields of `fields`;
 * a mistake is a 400 naming `<root>.sort[i]…`.
 */
export function parseSort(sort: unknown, fields: FieldMap, root = 'query'): SortKey[] {
  const value = fromJsonText(sort, `${root}.sort`)
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return fail(`${root}.sort`, 'must be an array of {fieldName, order}')
  if (value.length > 5) fail(`${root}.sort`, 'takes at most 5 fields', 'MAX_SIZE')
  return value.map((item: unknown, i) => {
    const path = `${root}.sort[${i}]`
    if (!isObject(item) || typeof item.fieldName !== 'string')
      return fail(`${path}.fieldName`, 'is required', 'REQUIRED_FIELD')
    const def = Object.hasOwn(fields, item.fieldName) ? fields[item.fieldName] : undefined
    if (!def || def.type === 'membership')
      fail(`${path}.fieldName`, `cannot sort by "${item.fieldName}"`, 'FIELD_NOT_ALLOWED')
    const order = item.order ?? 'ASC'
    if (order !== 'ASC' && order !== 'DESC')
      fail(`${path}.order`, 'must be one of: ASC, DESC', 'INVALID_ENUM_VALUE')
    return { field: def!, desc: order === 'DESC' }
  })
}

/** The query body every query route takes (its JSON schema has checked the shapes). */
export interface QueryInput {
  filter?: unknown
  sort?: unknown
  paging?: { limit?: number; offset?: number }
}

/** Parses a whole query: filter, sort and offset paging (default limit `defaultLimit`). */
export function parseQuery(
  query: QueryInput | undefined,
  fields: FieldMap,
  defaultLimit = 50,
): QueryPlan {
  return {
    where: parseFilter(query?.filter, fields),
    sort: parseSort(query?.sort, fields),
    limit: query?.paging?.limit ?? defaultLimit,
    offset: query?.paging?.offset ?? 0,
  }
}

/** `a` and `b`. */
export const both = (a: Condition, b: Condition): Condition => ({ kind: 'and', items: [a, b] })

/** `field` (a boolean) is true. */
export const isTrue = (field: FieldDef): Condition => ({
  kind: 'compare',
  field,
  op: '=',
  value: 1,
})
