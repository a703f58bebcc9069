import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely'
import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../http/platform-error.js'
import { parseFilter, parseQuery, parseSort, sortAndPage, toExpression } from '../../query/index.js'
import { PRODUCT_FIELDS } from './query-fields.js'

const sqlite = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})
const postgres = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

/** The SQL and parameters a filter compiles to. */
const compile = (filter: unknown, db = sqlite) => {
  const where = parseFilter(filter, PRODUCT_FIELDS)
  return db
    .selectFrom('products')
    .select('id')
    .where((eb) => toExpression(eb, where, db === sqlite ? 'sqlite' : 'postgres'))
    .compile()
}

/** The one field violation a call throws. */
const violation = (call: () => unknown) => {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError)
    const { status, fieldViolations } = error as PlatformError
    expect(status).toBe(400)
    expect(fieldViolations).toHaveLength(1)
    return fieldViolations![0]!
  }
  throw new Error('expected a 400')
}

describe('query compiler', () => {
  it('binds every value as a parameter, on both engines', () => {
    const evil = "x'); drop table products; --"
    for (const db of [sqlite, postgres]) {
      const { sql, parameters } = compile({ name: evil, sku: { $in: [evil, 'b'] } }, db)
      expect(sql).not.toContain('drop table')
      expect(parameters).toEqual([evil, evil, 'b'])
    }
    expect(compile({ name: 'a' }, postgres).sql).toContain('"products"."name" = $1')
  })

  it('maps each operator to its SQL', () => {
    const cases: [unknown, RegExp, unknown[]][] = [
      [{ name: 'Mug' }, /"products"\."name" = \?/, ['Mug']],
      [{ price: { $ne: 3 } }, /"products"\."price" <> \?/, [3]],
      [{ sku: { $ne: 'A' } }, /"products"\."sku" <> \? or "products"\."sku" is null/, ['A']],
      [{ price: { $gt: 1, $lte: 9 } }, /"price" > \? and "products"\."price" <= \?/, [1, 9]],
      [{ numericId: { $gte: '7' } }, /"numeric_id" >= \?/, [7]],
      [{ createdDate: { $lt: '2024-01-02' } }, /"created_date" < \?/, ['2024-01-02T00:00:00.000Z']],
      [{ id: { $in: ['a', 'b'] } }, /"products"\."id" in \(\?, \?\)/, ['a', 'b']],
      [{ id: { $nin: ['a', 'b'] } }, /not "products"\."id" in \(\?, \?\)/, ['a', 'b']],
      [
        { sku: { $nin: ['A'] } },
        /\(not "products"\."sku" in \(\?\) or "products"\."sku" is null\)/,
        ['A'],
      ],
      [{ visible: false }, /likelihood\("products"\."visible" = \?, 0\.9375\)/, [0]],
      [
        { name: { $contains: '50%_off' } },
        /lower\("products"\."name"\) like lower\(\?\) escape '\\'/,
        ['%50\\%\\_off%'],
      ],
      [{ description: { $endsWith: 'x' } }, /like lower\(\?\)/, ['%x']],
      [{ brand: { $exists: false } }, /"products"\."brand" is null/, []],
      [{ ribbon: null }, /"products"\."ribbon" is null/, []],
      [
        { collectionIds: { $hasSome: ['c1', 'c2'] } },
        /"products"\."id" in \(select product_id from collection_products where collection_id in \(\?, \?\)\)/,
        ['c1', 'c2'],
      ],
      [
        { 'collections.id': { $hasAll: ['c1', 'c2'] } },
        /"products"\."id" in \(select product_id from collection_products where collection_id in \(\?, \?\) group by product_id having count\(\*\) = \?\)/,
        ['c1', 'c2', 2],
      ],
      [
        { $or: [{ name: 'a' }, { $not: { price: 1 } }] },
        /\("products"\."name" = \? or not "products"\."price" = \?\)/,
        ['a', 1],
      ],
    ]
    for (const [filter, pattern, parameters] of cases) {
      const compiled = compile(filter)
      expect(compiled.sql, JSON.stringify(filter)).toMatch(pattern)
      expect(compiled.parameters).toEqual(parameters)
    }
  })

  it('adds an indexable prefix range to an ASCII $startsWith on SQLite only', () => {
    expect(compile({ name: { $startsWith: 'Pro' } }).parameters).toEqual(['Pro%', 'pro', 'prp'])
    expect(compile({ name: { $startsWith: 'Pro' } }, postgres).parameters).toEqual(['Pro%'])
    expect(compile({ name: { $startsWith: 'Čaj' } }).parameters).toEqual(['Čaj%'])
    expect(compile({ sku: { $startsWith: 'A' } }).parameters).toEqual(['A%'])
  })

  it('names the fields under the root the call takes, and keeps ids to equality operators', () => {
    const fields = { id: { type: 'text', expr: sql.ref('orders.id'), equalityOnly: true } } as const
    expect(
      violation(() => parseFilter({ id: { $startsWith: 'a' } }, fields, 'search')),
    ).toMatchObject({
      field: 'search.filter.id',
      violatedRule: 'FIELD_NOT_ALLOWED',
    })
    expect(violation(() => parseFilter({ id: { $gt: 'a' } }, fields, 'search')).field).toBe(
      'search.filter.id',
    )
    expect(violation(() => parseFilter({ nope: 1 }, fields, 'search')).field).toBe(
      'search.filter.nope',
    )
    expect(violation(() => parseSort([{ fieldName: 'nope' }], fields, 'search')).field).toBe(
      'search.sort[0].fieldName',
    )
    expect(parseFilter({ id: { $nin: ['a'] }, $or: [{ id: 'b' }] }, fields, 'search')).toBeTruthy()
  })

  it('reads a filter given as JSON text, as the legacy API sent it', () => {
    expect(compile('{"price":{"$lt":5}}').parameters).toEqual([5])
    expect(compile('').sql).toContain('1 = 1')
  })

  it('names the field of an unknown field, an unknown operator and an ill-typed value', () => {
    expect(violation(() => parseFilter({ colour: 'red' }, PRODUCT_FIELDS))).toMatchObject({
      field: 'query.filter.colour',
      violatedRule: 'FIELD_NOT_ALLOWED',
      description: expect.stringContaining('use one of: id, name'),
    })
    expect(violation(() => parseFilter({ name: { $regex: '.*' } }, PRODUCT_FIELDS))).toMatchObject({
      field: 'query.filter.name',
      description: expect.stringContaining('unknown operator "$regex"'),
    })
    const typed: [unknown, string, string][] = [
      [{ price: 'cheap' }, 'query.filter.price', 'expects a number'],
      [{ price: { $in: 5 } }, 'query.filter.price', 'expects an array'],
      [{ visible: 'yes' }, 'query.filter.visible', 'expects a boolean'],
      [{ numericId: 1.5 }, 'query.filter.numericId', 'whole number'],
      [{ productType: 'physical-ish' }, 'query.filter.productType', 'one of physical, digital'],
      [{ createdDate: { $gt: 'yesterday' } }, 'query.filter.createdDate', 'expects a date'],
      [{ name: { $hasSome: ['a'] } }, 'query.filter.name', 'array fields'],
      [{ visible: { $gt: true } }, 'query.filter.visible', 'cannot compare'],
      [{ price: { $contains: '1' } }, 'query.filter.price', 'text fields only'],
      [{ brand: { $exists: 'yes' } }, 'query.filter.brand', 'true or false'],
      [{ $and: { name: 'a' } }, 'query.filter.$and', 'array of filter objects'],
      [{ $nor: [] }, 'query.filter.$nor', 'use $and, $or or $not'],
      [{ name: {} }, 'query.filter.name', 'object of operators'],
      ['{not json', 'query.filter', 'not valid JSON'],
      [[1], 'query.filter', 'must be an object'],
    ]
    for (const [filter, field, description] of typed)
      expect(
        violation(() => parseFilter(filter, PRODUCT_FIELDS)),
        JSON.stringify(filter),
      ).toMatchObject({
        field,
        description: expect.stringContaining(description),
      })
  })

  it('refuses a field name that is SQL, and filters nested too deep', () => {
    const field = 'name" = name; drop table products; --'
    expect(violation(() => parseFilter({ [field]: 1 }, PRODUCT_FIELDS)).field).toBe(
      `query.filter.${field}`,
    )
    expect(
      violation(() => parseFilter({ __proto__: 1, constructor: 1 }, PRODUCT_FIELDS)).field,
    ).toBe('query.filter.constructor')
    let deep: object = { name: 'a' }
    for (let i = 0; i < 10; i++) deep = { $and: [deep] }
    expect(violation(() => parseFilter(deep, PRODUCT_FIELDS)).description).toContain(
      'deeper than 8',
    )
  })

  it('compiles $hasAll and $hasSome to one IN over the collections, not one test per id', () => {
    const ids = Array.from({ length: 999 }, (_, i) => `c${i}`)
    for (const db of [sqlite, postgres])
      for (const op of ['$hasAll', '$hasSome']) {
        const { sql: text, parameters } = compile({ collectionIds: { [op]: [...ids, 'c0'] } }, db)
        expect(text.match(/collection_products/g), op).toHaveLength(1)
        expect(parameters.slice(0, 999)).toEqual(ids)
        if (op === '$hasAll') expect(parameters[999]).toBe(999)
      }
  })

  it('sorts by whitelisted fields only, NULLs first ascending, then by the tiebreak', () => {
    expect(
      violation(() => parseSort([{ fieldName: 'collectionIds' }], PRODUCT_FIELDS)),
    ).toMatchObject({
      field: 'query.sort[0].fieldName',
    })
    expect(
      violation(() => parseSort([{ fieldName: 'name', order: 'UP' }], PRODUCT_FIELDS)).field,
    ).toBe('query.sort[0].order')
    expect(violation(() => parseSort('[{"fieldName":"id;--"}]', PRODUCT_FIELDS)).field).toBe(
      'query.sort[0].fieldName',
    )
    const plan = parseQuery(
      {
        sort: [{ fieldName: 'sku', order: 'DESC' }, { fieldName: 'priceData.price' }],
        paging: { limit: 5, offset: 10 },
      },
      PRODUCT_FIELDS,
    )
    const compiled = sortAndPage(
      sqlite.selectFrom('products').select('id'),
      plan,
      sql.ref('products.id'),
    ).compile()
    expect(compiled.sql).toMatch(
      /order by lower\("products"\."sku"\) desc nulls last, "products"\."price" asc, "products"\."id" limit \? offset \?$/,
    )
    expect(compiled.parameters).toEqual([5, 10])
    expect(parseQuery(undefined, PRODUCT_FIELDS)).toMatchObject({ limit: 50, offset: 0, sort: [] })
  })
})
