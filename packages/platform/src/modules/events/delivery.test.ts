import { createWebhooks } from '@vitrine/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { eventually, startReceiver, type Answer } from '../../test-support/webhook-receiver.js'
import { retryDelay, startDeliveryWorker, type DeliveryOptions } from './delivery.js'
import { emit } from './emit.js'
import { EVENT_TYPES } from './event-types.js'
import { createWebhook, revokeWebhook } from './service.js'
import { signingKey } from './signing-key.js'

/** Fast retries for tests: 20 ms, 40 ms, … */
const FAST: Partial<DeliveryOptions> = {
  pollIntervalMs: 10,
  backoffMs: 20,
  maxBackoffMs: 200,
  timeoutMs: 1000,
}

const emitChanged = (db: Database, productId: string) =>
  transaction(db, (trx) =>
    emit(trx, {
      eventType: EVENT_TYPES.productChanged,
      payload: { productId, changedFields: ['price'] },
    }),
  )

const deliveries = (db: Database) =>
  db.kysely.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute()

describe('retryDelay', () => {
  it('doubles from backoffMs up to maxBackoffMs, with jitter within [d/2, d]', () => {
    const options = { ...FAST, backoffMs: 1000, maxBackoffMs: 5000 } as DeliveryOptions
    for (let i = 0; i < 50; i++) {
      expect(retryDelay(1, options)).toBeGreaterThanOrEqual(500)
      expect(retryDelay(1, options)).toBeLessThanOrEqual(1000)
      expect(retryDelay(3, options)).toBeGreaterThanOrEqual(2000)
      expect(retryDelay(3, options)).toBeLessThanOrEqual(4000)
      expect(retryDelay(10, options)).toBeLessThanOrEqual(5000)
      expect(retryDelay(10, options)).toBeGreaterThanOrEqual(2500)
    }
  })
})

describe.each(DIALECTS)('the delivery worker on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const platformWithoutWorker = async (databaseUrl?: string) => {
    const platform = await startPlatform(dialect, { workers: false, databaseUrl })
    cleanups.push(() => platform.close())
    return platform
  }
  const receiverAnswering = async (answer?: Answer) => {
    const receiver = await startReceiver(answer)
    cleanups.push(() => receiver.close())
    return receiver
  }
  const worker = (platform: TestPlatform, options: Partial<DeliveryOptions>) => {
    const running = startDeliveryWorker(platform.app.platform.db, { ...FAST, ...options })
    cleanups.push(() => running.stop())
    return running
  }
  const settled = (db: Database) =>
    eventually(async () => {
      const rows = await deliveries(db)
      return rows.length > 0 && rows.every((row) => row.status !== 'pending') && rows
    })

  it('retries with backoff: 500, 500, then 200 is delivered after 3 attempts', async () => {
    const platform = await platformWithoutWorker()
    const { db } = platform.app.platform
    const receiver = await receiverAnswering((index) => (index < 2 ? 500 : 200))
    await createWebhook(db, { url: receiver.url })
    await emitChanged(db, 'p-1')
    worker(platform, { maxAttempts: 8 })

    const [row] = await settled(db)
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_error: null })
    expect(receiver.requests).toHaveLength(3)
    // Every attempt is signed anew, and each verifies.
    const webhooks = createWebhooks({ publicKey: (await signingKey(db)).publicKey })
    for (const request of receiver.requests)
      expect((await webhooks.process(request.body)).payload).toEqual({
        productId: 'p-1',
        changedFields: ['price'],
      })
  })

  it('gives up after maxAttempts: failed, with the reason and never the JWT', async () => {
    const platform = await platformWithoutWorker()
    const { db } = platform.app.platform
    const receiver = await receiverAnswering(() => 503)
    await createWebhook(db, { url: receiver.url })
    await emitChanged(db, 'p-2')
    worker(platform, { maxAttempts: 4 })

    const [row] = await settled(db)
    expect(row).toMatchObject({ status: 'failed', attempts: 4, last_error: 'HTTP 503' })
    expect(receiver.requests).toHaveLength(4)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(receiver.requests).toHaveLength(4)
  })

  it('records network failures and timeouts as the reason', async () => {
    const platform = await platformWithoutWorker()
    const { db } = platform.app.platform
    const closed = await startReceiver()
    await closed.close() // nothing listens there any more
    const hanging = await receiverAnswering(() => 'hang')
    await createWebhook(db, { url: closed.url })
    await createWebhook(db, { url: hanging.url })
    await emitChanged(db, 'p-3')
    worker(platform, { maxAttempts: 1, timeoutMs: 200 })

    const rows = await settled(db)
    const errors = rows.map((row) => row.last_error).sort()
    expect(errors).toEqual(['fetch failed (ECONNREFUSED)', 'no answer within 200 ms'])
    for (const row of rows) expect(row.status).toBe('failed')
    for (const error of errors) expect(error).not.toMatch(/eyJ/)
  })

  it('cancels the pending deliveries of a revoked webhook', async () => {
    const platform = await platformWithoutWorker()
    const { db } = platform.app.platform
    const receiver = await receiverAnswering()
    const webhook = await createWebhook(db, { url: receiver.url })
    await emitChanged(db, 'p-4')
    await revokeWebhook(db, webhook.id)
    worker(platform, {})
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await deliveries(db)).toEqual([
      expect.objectContaining({ status: 'cancelled', attempts: 0, last_error: 'webhook revoked' }),
    ])
    expect(receiver.requests).toHaveLength(0)
  })

  it('gives back the attempt in flight when it stops, for any instance to make again', async () => {
    const platform = await platformWithoutWorker()
    const { db } = platform.app.platform
    const receiver = await receiverAnswering((index) => (index === 0 ? 'hang' : 200))
    await createWebhook(db, { url: receiver.url })
    await emitChanged(db, 'p-5')
    const first = startDeliveryWorker(db, { ...FAST, timeoutMs: 60_000 })
    await eventually(() => receiver.requests.length === 1)
    const stopping = Date.now()
    await first.stop()
    expect(Date.now() - stopping).toBeLessThan(2000)
    expect(await deliveries(db)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0 }),
    ])
    worker(platform, {})
    const [row] = await settled(db)
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('delivers each event exactly once with two workers on one database', async () => {
    const first = await platformWithoutWorker()
    // PostgreSQL: a second platform instance (its own pool). SQLite: one process has one
    // connection to its file, so the second worker shares the first platform's database.
    const second =
      dialect === 'postgres'
        ? await platformWithoutWorker(first.app.platform.config.databaseUrl)
        : first
    const { db } = first.app.platform
    const receiver = await receiverAnswering((index) => (index % 7 === 3 ? 500 : 200))
    await createWebhook(db, { url: receiver.url })
    const count = 40
    for (let i = 0; i < count; i++) await emitChanged(db, `p-${i}`)
    worker(first, { batchSize: 3, pollIntervalMs: 1 })
    worker(second, { batchSize: 3, pollIntervalMs: 1 })

    const rows = await settled(db)
    expect(rows).toHaveLength(count)
    for (const row of rows) expect(row.status).toBe('delivered')
    const webhooks = createWebhooks({ publicKey: (await signingKey(db)).publicKey })
    const delivered = new Map<string, number>()
    for (const [index, request] of receiver.requests.entries()) {
      if (index % 7 === 3) continue // answered 500: retried
      const { payload } = await webhooks.process(request.body)
      const id = (payload as { productId: string }).productId
      delivered.set(id, (delivered.get(id) ?? 0) + 1)
    }
    expect(delivered.size).toBe(count)
    for (const [id, times] of delivered) expect(times, id).toBe(1)
  })
})
