import { createServer, type IncomingMessage } from 'node:http'

/** One request a {@link WebhookReceiver} got. */
export interface ReceivedRequest {
  method: string
  contentType: string | undefined
  body: string
}

/** What the receiver answers to its `index`-th request (from 0): a status, or `hang` (never). */
export type Answer = (index: number, request: ReceivedRequest) => number | 'hang'

/** A real HTTP server on 127.0.0.1 that records what it receives: a webhook's endpoint. */
export interface WebhookReceiver {
  url: string
  requests: ReceivedRequest[]
  close(): Promise<void>
}

const read = async (request: IncomingMessage) => {
  let body = ''
  for await (const chunk of request) body += String(chunk)
  return body
}

/** Starts a receiver on a free port of 127.0.0.1; it answers 200 unless `answer` says otherwise. */
export async function startReceiver(answer: Answer = () => 200): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = []
  const server = createServer(async (request, response) => {
    const received = {
      method: request.method ?? '',
      contentType: request.headers['content-type'],
      body: await read(request),
    }
    const status = answer(requests.length, received)
    requests.push(received)
    if (status !== 'hang') response.writeHead(status).end(status === 200 ? 'ok' : 'no')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Polls `check` every 20 ms until it returns something other than `undefined`/`false`, and
 * returns that; throws after `timeoutMs` (a bounded wait, never an endless loop).
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
