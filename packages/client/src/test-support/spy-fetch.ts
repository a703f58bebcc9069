/** A recorded request, decoded for assertions. */
export interface Recorded {
  method: string
  url: URL
  /** Path of the URL (no query). */
  path: string
  /** Query parameters; `.r` is decoded to its JSON. */
  query: Record<string, string | string[]>
  r?: unknown
  headers: Record<string, string>
  body?: unknown
}

type Reply = {
  status?: number
  body?: unknown
  headers?: Record<string, string>
  statusText?: string
}
type Responder = (request: Recorded, index: number) => Reply | Promise<Reply> | Error

function decodeR(value: string): unknown {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))))
}

/**
 * A `fetch` that records every request and answers with `responder` (default: 200 `{}`).
 * A responder may return an `Error` to simulate a network failure.
 */
export function spyFetch(responder: Responder = () => ({ body: {} })) {
  const requests: Recorded[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    init.signal?.throwIfAborted()
    const url = new URL(String(input))
    const query: Record<string, string | string[]> = {}
    for (const [key, value] of url.searchParams) {
      const previous = query[key]
      query[key] = previous === undefined ? value : [previous, value].flat()
    }
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const recorded: Recorded = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      query,
      headers,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    }
    if (typeof query['.r'] === 'string') recorded.r = decodeR(query['.r'])
    requests.push(recorded)
    const reply = await responder(recorded, requests.length - 1)
    init.signal?.throwIfAborted()
    if (reply instanceof Error) throw reply
    const status = reply.status ?? 200
    return new Response(
      [204, 205, 304].includes(status) ? null : JSON.stringify(reply.body ?? {}),
      {
        status,
        statusText: reply.statusText,
        headers: { 'content-type': 'application/json', ...reply.headers },
      },
    )
  }
  const last = (): Recorded => {
    const request = requests.at(-1)
    if (!request) throw new Error('no request was sent')
    return request
  }
  return Object.defineProperties(fetch, {
    requests: { value: requests },
    last: { get: last },
  }) as typeof fetch & { readonly requests: Recorded[]; readonly last: Recorded }
}
