import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * What the proxy does with a token request (`POST /oauth2/token`) instead of passing it on:
 * answers a status (with `Retry-After` when given, in the provider's error format), `drop`s the
 * connection (a network error, as a platform restarting under the request) or lets it `hang`.
 */
export type Fault = { status: number; retryAfter?: string } | 'drop' | 'hang'

/** A fault-injecting HTTP proxy in front of a real platform, on a free port of 127.0.0.1. */
export interface FaultProxy {
  /** The proxy's origin: the client's `baseUrl`. */
  url: string
  /** The grant type of every token request that reached the proxy, in order. */
  readonly grants: string[]
  /** Runs `run`, and returns the grant types of the token requests that came meanwhile. */
  grantsDuring(run: () => Promise<unknown>): Promise<string[]>
  /** The next token request meets `fault`; or all of them until {@link FaultProxy.heal}. */
  fail(fault: Fault, options?: { lasting: true }): void
  /** Token requests pass again (faults queued for single requests are dropped too). */
  heal(): void
  /** Holds token requests back until the returned function is called. */
  hold(): () => void
  /** Token requests held back now. */
  held(): number
  /** Passes requests to `target` from now on, e.g. a platform restarted on another port. */
  retarget(target: string): void
  close(): Promise<void>
}

const grantOf = (body: Buffer) => {
  try {
    const { grantType, grant_type } = JSON.parse(body.toString()) as Record<string, string>
    return grantType ?? grant_type ?? ''
  } catch {
    return ''
  }
}

/** Answers `fault` as the platform would, with CORS for the page's origin so a browser reads it. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  fault: { status: number; retryAfter?: string },
) {
  res.writeHead(fault.status, {
    'content-type': 'application/json',
    ...(req.headers.origin && {
      'access-control-allow-origin': req.headers.origin,
      'access-control-expose-headers': 'Retry-After, X-Wix-Request-Id',
    }),
    ...(fault.retryAfter && { 'retry-after': fault.retryAfter }),
  })
  res.end(JSON.stringify({ message: `Injected ${fault.status}`, details: {} }))
}

/** Starts a proxy to the platform at `target` (e.g. `http://127.0.0.1:4100`). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let upstream = new URL(target)
  const once: Fault[] = []
  let lasting: Fault | undefined
  let gate: Promise<void> | undefined
  let held = 0
  const grants: string[] = []
  const sockets = new Set<Socket>()

  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(res)
      },
    )
    // The platform is down: the shopper's connection fails as if it were talking to it.
    out.on('error', () => req.socket.destroy())
    out.end(body)
  }

  const server = createServer(async (req, res) => {
    const body = Buffer.concat(await req.toArray())
    if (req.method === 'POST' && req.url?.startsWith('/oauth2/token')) {
      grants.push(grantOf(body))
      while (gate) {
        held++
        await gate
        held--
      }
      const fault = once.shift() ?? lasting
      if (fault === 'drop') return void req.socket.destroy()
      if (fault === 'hang') return
      if (fault) return answer(req, res, fault)
    }
    forward(req, body, res)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    grants,
    async grantsDuring(run) {
      const before = grants.length
      await run()
      return grants.slice(before)
    },
    fail(fault, options) {
      if (options?.lasting) lasting = fault
      else once.push(fault)
    },
    heal() {
      once.length = 0
      lasting = undefined
    },
    hold() {
      let release!: () => void
      const current = new Promise<void>((resolve) => (release = resolve))
      gate = current
      return () => {
        if (gate === current) gate = undefined
        release()
      }
    },
    held: () => held,
    retarget(next) {
      upstream = new URL(next)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
