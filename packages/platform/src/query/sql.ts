import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely'
import type { DialectName } from '../db/database.js'
import type { Condition, FieldDef, QueryPlan } from './compiler.js'

/*
 * The SQL of a parsed query (compiler.ts): Kysely expressions in which every value is a
 * bound parameter and every column comes from a field whitelist.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => '\\' + c)

/**
 * `lower(expr) like 'prefix%'`, and on SQLite, for an ASCII prefix of a field with a
 * `lower(expr)` index, the byte range that the prefix implies, which the index can search.
 */
function startsWith(field: FieldDef, text: string, dialect: DialectName): Expression<SqlBool> {
  const like = sql<SqlBool>`lower(${field.expr}) like lower(${escapeLike(text) + '%'}) escape '\\'`
  if (dialect !== 'sqlite' || !field.lowerIndex || !/^[\x20-\x7e]+$/.test(text)) return like
  // SQLite's lower() folds ASCII only; with ASCII text both sides are the same bytes.
  const low = text.toLowerCase()
  const high = low.slice(0, -1) + String.fromCharCode(low.charCodeAt(low.length - 1) + 1)
  return sql<SqlBool>`(${like} and lower(${field.expr}) >= ${low} and lower(${field.expr}) < ${high})`
}

/**
 * On SQLite, a 0/1 flag is marked as matching half the rows: without statistics its planner
 * would take any equality on an indexed flag (`visible`) as selective and scan that index.
 */
const flag = (expr: Expression<SqlBool>, field: FieldDef, dialect: DialectName) =>
  dialect === 'sqlite' && field.type === 'boolean'
    ? sql<SqlBool>`likelihood(${expr}, 0.9375)`
    : expr

/**
 * The condition as a Kysely expression, for `.where((eb) => toExpression(eb, condition, dialect))`,
 * on the engine of `dialect` (SQLite gets the index hints its planner needs: it has no statistics
 * by default). Every value is a bound parameter.
 */
export function toExpression(
  eb: ExpressionBuilder<any, any>,
  c: Condition,
  dialect: DialectName,
): Expression<SqlBool> {
  const recurse = (item: Condition) => toExpression(eb, item, dialect)
  switch (c.kind) {
    case 'const':
      return c.value ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`
    case 'and':
      return eb.and(c.items.map(recurse))
    case 'or':
      return eb.or(c.items.map(recurse))
    case 'not':
      return eb.not(recurse(c.item))
    case 'compare':
      return flag(eb(c.field.expr, c.op, c.value), c.field, dialect)
    case 'in':
      return c.values.length
        ? flag(eb(c.field.expr, 'in', c.values), c.field, dialect)
        : sql<SqlBool>`1 = 0`
    case 'null':
      return eb(c.field.expr, c.isNull ? 'is' : 'is not', null)
    case 'like': {
      if (c.op === 'startsWith') return startsWith(c.field, c.value, dialect)
      const text = escapeLike(c.value)
      const pattern = c.op === 'endsWith' ? `%${text}` : `%${text}%`
      return sql<SqlBool>`lower(${c.field.expr}) like lower(${pattern}) escape '\\'`
    }
    case 'member':
      if (c.ids === null) return c.field.member!(null)
      if (c.ids.length === 0) return c.all ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`
      return c.field.member!(c.ids, c.all)
  }
}

/** Counting stops here: past it, a query answers `total: COUNT_CAP, tooManyToCount: true`. */
export const COUNT_CAP = 10_000

/** How many rows `filtered` selects, counting at most {@link COUNT_CAP}. */
export async function countMatches(
  db: Kysely<any>,
  filtered: SelectQueryBuilder<any, any, any>,
): Promise<{ total: number; tooManyToCount?: true }> {
  const { total } = await db
    .selectFrom(
      filtered
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(total) > COUNT_CAP
    ? { total: COUNT_CAP, tooManyToCount: true }
    : { total: Number(total) }
}

/**
 * `qb` sorted by the plan (then by `tiebreak`, unique together, so pages never overlap) and cut
 * to its page. NULLs sort as the smallest value and text case-insensitively, on both engines. Filter first with
 * `.where((eb) => toExpression(eb, plan.where))`.
 */
export function sortAndPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  plan: QueryPlan,
  ...tiebreak: Expression<any>[]
): SelectQueryBuilder<DB, TB, O> {
  let out = qb
  for (const { field, desc } of plan.sort)
    // Text sorts alike on both engines, whatever the collation: by its lowercase.
    out = out.orderBy(field.type === 'text' ? sql`lower(${field.expr})` : field.expr, (ob) => {
      const directed = desc ? ob.desc() : ob.asc()
      return field.nullable ? (desc ? directed.nullsLast() : directed.nullsFirst()) : directed
    })
  for (const expr of tiebreak) out = out.orderBy(expr)
  return out.limit(plan.limit).offset(plan.offset)
}
