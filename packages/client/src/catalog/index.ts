export { products } from './products.js'
export { collections } from './collections.js'
export { catalogWriter } from './writer.js'
export { ElevatedClientRequiredError } from './elevated.js'
export type {
  Comparable,
  QueryBuilder,
  QueryFunction,
  QueryObject,
  QueryResult,
} from './query-builder.js'
export type * from './types.js'
