import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { guard, isElevated, requireIdentity } from '../../auth/guards.js'
import type { Database } from '../../db/database.js'
import type { SchemaTypes } from '../../http/schema.js'
import { createEventFeed, toFeedEvent, type FeedEvent, type FeedOptions } from './event-feed.js'
import { streamQuerySchema } from './schema.js'
import { streamView } from './stream-view.js'

/** How the stream behaves. */
export interface StreamOptions extends FeedOptions {
  /** The path served. Default `/_vitrine/events/stream`. */
  path: string
  /** Interval of the keep-alive comments, in ms. Default 15 s. */
  heartbeatMs: number
}

/** The most events sent again to a client that reconnects with `Last-Event-ID`. */
const REPLAY_LIMIT = 1000

/** The events after `lastId` (by creation), for a client that reconnects; none if unknown. */
async function missedEvents(db: Database, lastId: string): Promise<FeedEvent[]> {
  const rows = await db.kysely
    .selectFrom('events')
    .selectAll()
    .where('created_date', '>=', (eb) =>
      eb.selectFrom('events').select('created_date').where('id', '=', lastId),
    )
    .where('id', '!=', lastId)
    .orderBy('created_date')
    .orderBy('id')
    .limit(REPLAY_LIMIT)
    .execute()
  return rows.map(toFeedEvent)
}

/**
 * `GET /_vitrine/events/stream`: the platform's events as server-sent events, for live storefront
 * updates — one `data:` JSON message ({@link StreamMessage}) per event, its id as the SSE `id`
 * (a reconnecting `EventSource` sends it back as `Last-Event-ID` and gets what it missed), and a
 * comment every `heartbeatMs`. It needs an `Authorization` header (401 without): the owner and
 * apps get every event, a visitor or member only their own cart's (see `streamView`); browsers
 * read it with `fetch`, which sends the header (an `EventSource` cannot, and a token never goes
 * in a URL, where logs keep it). `?types=a,b` narrows it. The events come from polling the outbox, so every instance's events are there.
 * Returns how many streams are open (for tests).
 */
export function streamRoutes(
  app: FastifyInstance,
  db: Database,
  options: Partial<StreamOptions> = {},
): { openStreams(): number } {
  const { path = '/_vitrine/events/stream', heartbeatMs = 15_000, ...feedOptions } = options
  const feed = createEventFeed(db, feedOptions)
  const open = new Set<PassThrough>()
  // A stream never ends by itself: end them all, or closing the server would wait forever.
  app.addHook('preClose', async () => {
    feed.close()
    for (const stream of open) stream.end()
  })

  app.withTypeProvider<SchemaTypes>().get(
    path,
    // A HEAD would open a stream that nobody reads.
    {
      onRequest: guard.identity,
      schema: { querystring: streamQuerySchema },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const view = streamView(requireIdentity(request), isElevated(request))
      const listed = request.query.types?.split(',').map((type) => type.trim())
      const types = listed?.some(Boolean) ? listed : undefined
      const stream = new PassThrough()
      stream.on('error', () => {}) // a client gone away is not an error of ours
      const write = (text: string) => void (stream.writable && stream.write(text))
      const send = (event: FeedEvent) => {
        const message = types && !types.includes(event.eventType) ? undefined : view(event)
        if (message) write(`id: ${event.id}\ndata: ${JSON.stringify(message)}\n\n`)
      }
      // Live events wait here while missed ones are replayed, so none is lost or sent twice.
      let backlog: FeedEvent[] | undefined = []
      const unsubscribe = feed.subscribe((event) => (backlog ? backlog.push(event) : send(event)))
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
      open.add(stream)
      stream.once('close', () => {
        clearInterval(heartbeat)
        unsubscribe()
        open.delete(stream)
      })
      write('retry: 3000\n: connected\n\n')
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream)

      const lastId = request.headers['last-event-id']
      const missed =
        typeof lastId === 'string' && lastId.length <= 100
          ? await missedEvents(db, lastId).catch(() => [])
          : []
      missed.forEach(send)
      const replayed = new Set(missed.map((event) => event.id))
      for (const event of backlog) if (!replayed.has(event.id)) send(event)
      backlog = undefined
      return reply
    },
  )
  return { openStreams: () => open.size }
}
