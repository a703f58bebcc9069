import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../app.js'
import { createDatabase, type Database, type DialectName } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { createTestDatabase } from './postgres.js'

/** Both engines: contract tests run once per engine with `describe.each(DIALECTS)`. */
export const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres']

/** A fresh, empty database of `dialect`: a temp SQLite file, or a new PostgreSQL database. */
export async function testDatabaseUrl(
  dialect: DialectName,
): Promise<{ url: string; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres')
    return { url: await createTestDatabase(inject('postgresUrl')), cleanup: async () => {} }
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-platform-'))
  return {
    url: `sqlite:${join(dir, 'platform.db')}`,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}

/**
 * A migrated database of `dialect` on a fresh test database (no platform): its URL, and `close`,
 * which destroys it and deletes a SQLite file.
 */
export async function openTestDatabase(
  dialect: DialectName,
): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const { url, cleanup } = await testDatabaseUrl(dialect)
  const db = createDatabase(url)
  await migrateToLatest(db)
  return {
    db,
    url,
    async close() {
      await db.destroy()
      await cleanup()
    },
  }
}

/** A platform listening on a free port of 127.0.0.1. */
export interface TestPlatform {
  app: FastifyInstance
  /** `http://127.0.0.1:<port>`: the client's `baseUrl`. */
  baseUrl: string
  adminKey: string
  /** Closes the server and its database, and deletes a SQLite file. */
  close(): Promise<void>
}

/**
 * Starts a real platform on a fresh database, in development mode (the dev mailbox and captcha
 * tokens are there) with the demo seed off, unless `options` say otherwise. `extend` may add
 * routes before it listens (e.g. probes of the auth helpers).
 */
export async function startPlatform(
  dialect: DialectName = 'sqlite',
  options: BuildAppOptions = {},
  extend?: (app: FastifyInstance) => void,
): Promise<TestPlatform> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, cleanup: async () => {} }
    : await testDatabaseUrl(dialect)
  const app = await buildApp({
    seed: 'none',
    mode: 'development',
    ...options,
    databaseUrl: database.url,
  })
  extend?.(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    adminKey: app.platform.adminKey,
    async close() {
      await app.close()
      await database.cleanup()
    },
  }
}
