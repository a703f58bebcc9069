/*
 * The provider's query language, for any table: a filter parsed against a whitelist of fields
 * (every mistake a 400 naming the field, every filter within bounds), then turned into
 * parameterised SQL, sorted and paged. A module describes its fields (`FieldMap`) and calls these.
 */
export {
  both,
  isTrue,
  parseFilter,
  parseQuery,
  parseSort,
  type Condition,
  type FieldDef,
  type FieldMap,
  type QueryInput,
  type SortKey,
} from './compiler.js'
export { countMatches, sortAndPage, toExpression } from './sql.js'
