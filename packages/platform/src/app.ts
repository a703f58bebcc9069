import { randomUUID } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import { installCaller } from './auth/caller.js'
import { installRetryAfter } from './auth/rate-limit.js'
import { ACCESS_TOKEN_PREFIX } from './auth/tokens.js'
import { originChecker } from './auth/origins.js'
import {
  DEFAULT_CONFIG,
  defaultTrustedProxies,
  MIN_PRODUCTION_ADMIN_KEY_LENGTH,
  type PlatformConfig,
} from './config.js'
import type { PlatformContext } from './context.js'
import { createDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { installCors } from './http/cors.js'
import { clientErrors, frameworkErrors, installErrorHandler } from './http/error-handler.js'
import { installJsonBody } from './http/json-body.js'
import { installQueryDecoding } from './http/query-decoding.js'
import { OneLineRequestLog } from './http/request-log.js'
import { installResponseHeaders } from './http/response-headers.js'
import type { SchemaTypes } from './http/schema.js'
import { startDeliveryWorker } from './modules/events/index.js'
import { platformModules } from './modules/index.js'
import { startRetentionSweep } from './retention.js'
import { demoImage, seedDatabase } from './seed/index.js'
import type { Worker } from './worker.js'

/** What {@link buildApp} takes: any settings of {@link PlatformConfig}; the rest are defaults. */
export type BuildAppOptions = Partial<PlatformConfig>

const defined = (options: BuildAppOptions): BuildAppOptions =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))

/** `http://<address>:<port>` of the server once listening (loopback for a wildcard address). */
function listenUrl(app: FastifyInstance): string | undefined {
  const address = app.server.address()
  if (address === null || typeof address !== 'object') return undefined
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}

/**
 * Builds the platform: opens the database, runs the migrations and the seed, and returns the
 * Fastify instance with every module's routes — without listening (the CLI listens; tests listen
 * on port 0 or use `app.inject`). More routes may be added before `listen`/`ready`. Once ready,
 * the webhook delivery worker and the retention sweep run (unless `workers: false`); closing the
 * app stops them, then closes the database. Production mode (the default, see
 * `PlatformConfig.mode`) refuses an admin key shorter than 32 characters, and trusts no proxy
 * unless `trustedProxies` says so (development mode trusts the loopback address).
 *
 * @example
 * const app = await buildApp({ databaseUrl: 'sqlite:/tmp/platform.db', seed: 'none' })
 * await app.listen({ port: 0, host: '127.0.0.1' })
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: PlatformConfig = { ...DEFAULT_CONFIG, ...defined(options) }
  config.trustedProxies = options.trustedProxies ?? defaultTrustedProxies(config.mode)
  const shortKey = (config.adminKey?.length ?? Infinity) < MIN_PRODUCTION_ADMIN_KEY_LENGTH
  if (config.mode === 'production' && shortKey)
    throw new Error(
      `VITRINE_ADMIN_KEY must be at least ${MIN_PRODUCTION_ADMIN_KEY_LENGTH} characters in ` +
        'production mode (unset it to have one generated, or set VITRINE_MODE=development)',
    )
  if (config.adminKey?.startsWith(ACCESS_TOKEN_PREFIX))
    throw new Error(
      `VITRINE_ADMIN_KEY must not start with "${ACCESS_TOKEN_PREFIX}" (access tokens do)`,
    )
  const db = createDatabase(config.databaseUrl)
  let adminKey: string
  try {
    await migrateToLatest(db)
    adminKey = await seedDatabase(db, config)
  } catch (error) {
    await db.destroy()
    throw error
  }
  const ctx: PlatformContext = { db, config, adminKey }

  const app = Fastify({
    logger: config.logger && { level: 'info', redact: ['req.headers.authorization'] },
    logController: new OneLineRequestLog(),
    frameworkErrors,
    clientErrorHandler: clientErrors,
    return503OnClosing: false,
    // `request.ip` is the client's address: the socket's, or the one `X-Forwarded-For` names when
    // the socket is a trusted proxy's (the shop's server, a load balancer); the limits count it.
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Every violation of a request, not only the first. Input is checked, never rewritten: no
    // type coercion (query strings are read by their schema: http/query-decoding.ts), and an
    // unknown key of a closed schema (`additionalProperties: false`) is a 400, not dropped.
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false } },
    // Close also drops connections that never sent a request (browsers open them ahead of time),
    // so stopping the platform never waits on them.
    forceCloseConnections: true,
  })
  app.decorate('platform', ctx)
  // Absolute URLs are built from the public URL; unset, it is the address the app listens on.
  if (options.publicUrl === undefined)
    app.addHook('onListen', (done) => {
      config.publicUrl = listenUrl(app) ?? config.publicUrl
      done()
    })
  // Background work starts once the app is ready and stops before the database closes.
  let workers: Worker[] = []
  if (config.workers)
    app.addHook('onReady', async () => {
      workers = [
        startDeliveryWorker(db, { log: app.log }),
        startRetentionSweep(db, config, app.log),
      ]
    })
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((worker) => worker.stop()))
    await db.destroy()
  })

  installResponseHeaders(app)
  installErrorHandler(app)
  installRetryAfter(app)
  installJsonBody(app)
  installCors(app, originChecker(db.kysely, config.allowedOrigins))
  installCaller(app, db.kysely)
  await app.register(fastifyCookie)
  installQueryDecoding(app)

  for (const module of platformModules(demoImage))
    await app.register(async (scope) => module.routes(scope.withTypeProvider<SchemaTypes>(), ctx))
  return app
}
