import type { PlatformConfig } from './config.js'
import type { Database } from './db/database.js'

/** What every module gets: the database and the settings. Nothing else is shared. */
export interface PlatformContext {
  readonly db: Database
  readonly config: PlatformConfig
  /** The admin API key in effect (`VITRINE_ADMIN_KEY`, or the generated one kept in the DB). */
  readonly adminKey: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's context (database, settings), for tests and tools. */
    platform: PlatformContext
  }
}
