import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { lookupApiKey } from '../auth/api-keys.js'
import type { Database } from '../db/database.js'
import { DIALECTS, testDatabaseUrl } from '../test-support/platform.js'
import { OWNER_IDENTITY_ID } from '../auth/identities.js'

describe.each(DIALECTS)('the foundation seed on %s', (dialect) => {
  let url: string
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    ;({ url, cleanup } = await testDatabaseUrl(dialect))
  })
  afterAll(() => cleanup())

  /** Starts the platform on the test database with `options`, runs `check`, closes it. */
  const start = async <T>(
    options: Parameters<typeof buildApp>[0],
    check: (db: Database, adminKey: string) => Promise<T>,
  ) => {
    const app = await buildApp({ seed: 'none', ...options, databaseUrl: url })
    try {
      return await check(app.platform.db, app.platform.adminKey)
    } finally {
      await app.close()
    }
  }
  const origins = (db: Database) =>
    db.kysely
      .selectFrom('oauth_client_origins')
      .select('origin')
      .where('client_id', '=', 'demo-storefront')
      .orderBy('origin')
      .execute()
      .then((rows) => rows.map((row) => row.origin))

  it('generates an admin key once and keeps it across restarts', async () => {
    const first = await start({}, async (db, key) => {
      expect(key).toMatch(/^[\w-]{43}$/)
      expect((await lookupApiKey(db.kysely, key))?.id).toBe(OWNER_IDENTITY_ID)
      return key
    })
    await start({}, async (_db, key) => expect(key).toBe(first))
  })

  it('uses VITRINE_ADMIN_KEY instead, while it is set', async () => {
    const generated = await start({}, async (_db, key) => key)
    await start({ adminKey: 'my-own-admin-key-of-32-characters' }, async (db, key) => {
      expect(key).toBe('my-own-admin-key-of-32-characters')
      expect((await lookupApiKey(db.kysely, 'my-own-admin-key-of-32-characters'))?.type).toBe(
        'WIX_USER',
      )
      expect(await lookupApiKey(db.kysely, generated)).toBeUndefined()
    })
    await start({}, async (db, key) => {
      expect(key).toBe(generated)
      expect(await lookupApiKey(db.kysely, 'my-own-admin-key-of-32-characters')).toBeUndefined()
    })
  })

  it('gives the storefront client exactly the configured origins', async () => {
    await start({ allowedOrigins: ['http://a.test', 'http://b.test'] }, async (db) =>
      expect(await origins(db)).toEqual(['http://a.test', 'http://b.test']),
    )
    await start({ allowedOrigins: ['http://c.test'] }, async (db) =>
      expect(await origins(db)).toEqual(['http://c.test']),
    )
  })

  it('seeds the demo site once, even when instances start together', async () => {
    const marker = (db: Database) =>
      db.kysely.selectFrom('settings').select('value').where('key', '=', 'demo_seeded').execute()
    const startOne = () => buildApp({ seed: 'demo', databaseUrl: url })
    // Several instances share PostgreSQL. SQLite is one process's database: better-sqlite3 waits
    // for a lock synchronously, so instances in one process would block each other; start in turn.
    const apps =
      dialect === 'postgres'
        ? await Promise.all([startOne(), startOne(), startOne()])
        : [await startOne(), await startOne(), await startOne()]
    try {
      expect(new Set(apps.map((app) => app.platform.adminKey)).size).toBe(1)
      expect(await marker(apps[0]!.platform.db)).toHaveLength(1)
    } finally {
      await Promise.all(apps.map((app) => app.close()))
    }
  })
})
