export { buildApp, type BuildAppOptions } from './app.js'
export { loadConfig, DEFAULT_CONFIG, DEFAULT_ALLOWED_ORIGINS } from './config.js'
export type { PlatformConfig, SeedMode } from './config.js'
export type { PlatformContext } from './context.js'
export { createDatabase, isPostgresUrl, type Database, type DialectName } from './db/database.js'
export { migrateToLatest } from './db/migrate.js'
export { transaction, forUpdate, type Tx } from './db/transaction.js'
export type { Schema, Identity, IdentityType } from './db/schema.js'
export { PlatformError } from './http/platform-error.js'
export type {
  FieldViolation,
  ApplicationError,
  ErrorBody,
  RuleType,
} from './http/platform-error.js'
export { queryRoute, type QueryRouteOptions } from './http/query-route.js'
export { requireIdentity, requireElevated, guard } from './auth/guards.js'
export type { CallerIdentity, AuthFailure } from './auth/caller.js'
export { createIdentity } from './auth/identities.js'
export type { PlatformModule } from './modules/module.js'
export type { DemoSeeder } from './seed/demo.js'
