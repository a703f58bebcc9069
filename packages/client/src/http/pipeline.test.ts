import { describe, expect, it, vi } from 'vitest'
import { dates } from '../codec/convert.js'
import { isApiError } from '../errors/api-error.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import type { Endpoint } from './endpoint.js'
import { createHttp, MAX_QUERY_LENGTH } from './pipeline.js'

const query: Endpoint = {
  method: 'GET',
  path: '/stores-reader/v1/products/query-platformized',
  encodedQuery: true,
  response: [dates(['products.lastUpdated'])],
}
const get: Endpoint = { method: 'GET', path: '/things/{id}' }
const post: Endpoint = { method: 'POST', path: '/things' }
const noWait = { backoff: 1 }

describe('request encoding', () => {
  it('sends the raw Authorization header of the strategy, without "Bearer"', async () => {
    const fetch = spyFetch()
    const http = createHttp({
      fetch,
      auth: { getAuthHeaders: () => ({ headers: { Authorization: 'tok' } }) },
    })
    await http.call(post, { a: 1 })
    expect(fetch.last.headers.authorization).toBe('tok')
  })

  it('resolves the public path on the base URL and repeats path params in the query', async () => {
    const fetch = spyFetch()
    await createHttp({ fetch, baseUrl: 'http://127.0.0.1:4100/' }).call(get, { id: 'p 1' })
    expect(fetch.last.url.origin + fetch.last.path).toBe('http://127.0.0.1:4100/things/p%201')
    expect(fetch.last.query).toEqual({ id: 'p 1' })
  })

  it('defaults to the provider host', async () => {
    const fetch = spyFetch()
    await createHttp({ fetch }).call(post, {})
    expect(fetch.last.url.origin).toBe('https://www.wixapis.com')
  })

  it('flattens GET payloads: dotted keys, repeated arrays, nulls skipped, object items dropped', async () => {
    const fetch = spyFetch()
    await createHttp({ fetch }).call(get, {
      id: 'x',
      a: { b: 1, c: true },
      list: ['1', '2', { dropped: true }],
      none: null,
    })
    expect(fetch.last.url.search).toBe('?id=x&a.b=1&a.c=true&list=1&list=2')
  })

  it('sends JSON with Content-Type only when there is a body', async () => {
    const fetch = spyFetch()
    const http = createHttp({ fetch })
    await http.call(post, { when: new Date('2026-01-02T03:04:05.000Z'), n: NaN, inf: -Infinity })
    expect(fetch.last.headers['content-type']).toBe('application/json')
    expect(fetch.last.body).toEqual({
      when: '2026-01-02T03:04:05.000Z',
      n: 'NaN',
      inf: '-Infinity',
    })
    await http.call(get, { id: '1' })
    expect(fetch.last.headers['content-type']).toBeUndefined()
    expect(fetch.last.body).toBeUndefined()
  })

  it('encodes a nested query GET as one base64url .r parameter', async () => {
    const fetch = spyFetch()
    const payload = { query: { filter: {}, paging: { offset: 0, limit: 50 } } }
    await createHttp({ fetch }).call(query, payload)
    expect(fetch.last.url.search).toBe(
      '?.r=eyJxdWVyeSI6eyJmaWx0ZXIiOnt9LCJwYWdpbmciOnsib2Zmc2V0IjowLCJsaW1pdCI6NTB9fX0',
    )
    expect(fetch.last.r).toEqual(payload)
  })

  it('encodes non-finite floats in .r as the bodies do', async () => {
    const fetch = spyFetch()
    await createHttp({ fetch }).call(query, { query: { sort: [{ origin: { latitude: NaN } }] } })
    expect(fetch.last.r).toEqual({ query: { sort: [{ origin: { latitude: 'NaN' } }] } })
  })

  it('falls back from GET to POST when the query string passes 4000 characters, still decoding', async () => {
    const fetch = spyFetch(() => ({
      body: { products: [{ lastUpdated: '2026-01-01T00:00:00.000Z' }] },
    }))
    const http = createHttp({ fetch })
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `product-${i}`)
    const payload = (n: number) => ({ query: { filter: { id: { $in: ids(n) } } } })
    // Find the largest payload that still fits, then one more id tips it over.
    let n = 1
    while ((JSON.stringify(payload(n + 1)).length * 4) / 3 + 3 <= MAX_QUERY_LENGTH) n++
    await http.call(query, payload(n))
    expect(fetch.last.method).toBe('GET')
    expect(fetch.last.url.search.length - 1).toBeLessThanOrEqual(MAX_QUERY_LENGTH)
    const result = await http.call<{ products: { lastUpdated: Date }[] }>(query, payload(n + 40))
    expect(fetch.last.method).toBe('POST')
    expect(fetch.last.url.search).toBe('')
    expect(fetch.last.path).toBe('/stores-reader/v1/products/query-platformized')
    expect(fetch.last.body).toEqual(payload(n + 40))
    expect(fetch.last.headers['content-type']).toBe('application/json')
    expect(result.products[0]?.lastUpdated).toEqual(new Date('2026-01-01T00:00:00.000Z'))
  })

  it('echoes X-Wix-Consistent on every later call once a response carried it', async () => {
    const fetch = spyFetch((_, i) => ({
      headers: i === 0 ? { 'X-Wix-Consistent': 'v1' } : ({} as Record<string, string>),
    }))
    const http = createHttp({ fetch })
    await http.call(post, {})
    expect(fetch.last.headers['x-wix-consistent']).toBeUndefined()
    await http.call(post, {})
    await http.call(post, {})
    expect(fetch.requests.slice(1).map((r) => r.headers['x-wix-consistent'])).toEqual(['v1', 'v1'])
  })

  it('merges client, auth and per-call headers, the call winning', async () => {
    const fetch = spyFetch()
    const http = createHttp({
      fetch,
      headers: { 'x-a': 'client', 'x-b': 'client' },
      auth: { getAuthHeaders: () => ({ headers: { Authorization: 'tok' } }) },
    })
    http.setHeaders({ 'x-c': 'set' })
    await http.call(post, {}, { headers: { 'x-b': 'call' } })
    expect(fetch.last.headers).toMatchObject({
      'x-a': 'client',
      'x-b': 'call',
      'x-c': 'set',
      authorization: 'tok',
    })
  })

  it('sends no auth headers when a call opts out (token calls)', async () => {
    const getAuthHeaders = vi.fn(() => ({ headers: { Authorization: 'tok' } }))
    const fetch = spyFetch()
    await createHttp({ fetch, auth: { getAuthHeaders } }).call(post, {}, { auth: false })
    expect(getAuthHeaders).not.toHaveBeenCalled()
    expect(fetch.last.headers.authorization).toBeUndefined()
  })
})

describe('status and errors', () => {
  it('treats only 200 as success: a 204 is an error', async () => {
    const fetch = spyFetch(() => ({ status: 204 }))
    await expect(createHttp({ fetch }).call(post, {})).rejects.toMatchObject({
      name: 'ApiError',
      status: 204,
    })
  })

  it('maps a non-200 to an ApiError with the request id', async () => {
    const fetch = spyFetch(() => ({
      status: 404,
      statusText: 'Not Found',
      body: { message: 'Product p1 not found' },
      headers: { 'X-Wix-Request-Id': 'req-1' },
    }))
    const error = await createHttp({ fetch })
      .call(get, { id: 'p1' })
      .catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({
      kind: 'client',
      code: 'NOT_FOUND',
      status: 404,
      requestId: 'req-1',
    })
  })

  it('turns a 200 that is not JSON into a system error', async () => {
    const fetch = Object.assign(async () => new Response('<html>', { status: 200 }), {})
    await expect(createHttp({ fetch }).call(post, {})).rejects.toMatchObject({
      kind: 'system',
      message: 'System error occurred',
    })
  })
})

describe('a refused caller (401)', () => {
  const unauthorized = { status: 401, body: { message: 'UNAUTHENTICATED' } }
  /** A strategy handing out `tok1`, `tok2`, …, whose `refused` answers `retry`. */
  const renewing = (retry = true) => {
    let n = 0
    return {
      getAuthHeaders: vi.fn(() => ({ headers: { Authorization: `tok${++n}` } })),
      refused: vi.fn((_: Record<string, string>) => retry),
    }
  }

  it('tells the strategy which headers were refused and sends the call again with fresh ones', async () => {
    const fetch = spyFetch((_, i) => (i === 0 ? unauthorized : { body: { ok: 1 } }))
    const auth = renewing()
    await expect(createHttp({ fetch, auth }).call(get, { id: '1' })).resolves.toEqual({ ok: 1 })
    expect(auth.refused).toHaveBeenCalledExactlyOnceWith({ Authorization: 'tok1' })
    expect(fetch.requests.map((r) => r.headers.authorization)).toEqual(['tok1', 'tok2'])
  })

  it('sends a write again too: a 401 means nothing was done', async () => {
    const fetch = spyFetch((_, i) => (i === 0 ? unauthorized : { body: { cart: {} } }))
    await createHttp({ fetch, auth: renewing(), retry: noWait }).call(post, { a: 1 })
    expect(fetch.requests.map((r) => [r.method, r.headers.authorization, r.body])).toEqual([
      ['POST', 'tok1', { a: 1 }],
      ['POST', 'tok2', { a: 1 }],
    ])
  })

  it('throws a second 401 after two sends (no loop)', async () => {
    const fetch = spyFetch(() => unauthorized)
    const auth = renewing()
    const error = await createHttp({ fetch, auth })
      .call(get, { id: '1' })
      .catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ status: 401 })
    expect(fetch.requests).toHaveLength(2)
    expect(auth.refused).toHaveBeenCalledOnce()
  })

  it('throws the 401 after one send when the strategy says a retry cannot help, or cannot tell', async () => {
    for (const auth of [
      renewing(false),
      { getAuthHeaders: () => ({ headers: { Authorization: 'k' } }) },
    ]) {
      const fetch = spyFetch(() => unauthorized)
      await expect(createHttp({ fetch, auth }).call(post, {})).rejects.toMatchObject({
        status: 401,
      })
      expect(fetch.requests).toHaveLength(1)
    }
  })

  it('neither tells the strategy nor sends again a 401 of the call itself (a wrong password)', async () => {
    const wrongPassword = {
      status: 401,
      body: {
        message: 'The e-mail or the password is incorrect',
        details: { applicationError: { code: '-19976', description: 'incorrect' } },
      },
    }
    const fetch = spyFetch(() => wrongPassword)
    const auth = renewing()
    await expect(createHttp({ fetch, auth }).call(post, {})).rejects.toMatchObject({
      status: 401,
      kind: 'application',
      code: '-19976',
    })
    expect(fetch.requests).toHaveLength(1)
    expect(auth.refused).not.toHaveBeenCalled()
  })

  it('tells the strategy the headers as sent, a call’s own included; token calls not at all', async () => {
    const fetch = spyFetch(() => unauthorized)
    const auth = renewing(false)
    const http = createHttp({ fetch, auth, headers: { 'x-shop': 'a' } })
    await expect(http.call(post, {}, { auth: false })).rejects.toMatchObject({ status: 401 })
    expect(auth.refused).not.toHaveBeenCalled()
    await expect(
      http.call(post, {}, { headers: { Authorization: 'tok0,api-key' } }),
    ).rejects.toMatchObject({ status: 401 })
    expect(auth.refused).toHaveBeenCalledExactlyOnceWith({
      'x-shop': 'a',
      Authorization: 'tok0,api-key',
      'Content-Type': 'application/json',
    })
  })
})

describe('retries', () => {
  it('retries a GET on 503 and 429, then succeeds', async () => {
    const fetch = spyFetch((_, i) =>
      i < 2 ? { status: i === 0 ? 503 : 429 } : { body: { ok: 1 } },
    )
    await expect(createHttp({ fetch, retry: noWait }).call(get, { id: '1' })).resolves.toEqual({
      ok: 1,
    })
    expect(fetch.requests).toHaveLength(3)
  })

  it('retries a GET on a network error and gives a system ApiError when retries run out', async () => {
    const fetch = spyFetch(() => new TypeError('fetch failed'))
    const error = await createHttp({ fetch, retry: { ...noWait, limit: 3 } })
      .call(get, { id: '1' })
      .catch((e: unknown) => e)
    expect(fetch.requests).toHaveLength(4)
    expect(error).toMatchObject({ name: 'ApiError', kind: 'system', status: 0 })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
  })

  it('never retries a POST (a lost answer may hide a write that happened)', async () => {
    const fetch = spyFetch(() => ({ status: 503 }))
    await expect(createHttp({ fetch, retry: noWait }).call(post, {})).rejects.toMatchObject({
      status: 503,
    })
    expect(fetch.requests).toHaveLength(1)
  })

  it('retries a POST marked idempotent (a token grant) like a read', async () => {
    const grant: Endpoint = { ...post, idempotent: true }
    const fetch = spyFetch((_, i) => (i === 0 ? new TypeError('fetch failed') : { status: 503 }))
    await expect(createHttp({ fetch, retry: noWait }).call(grant, {})).rejects.toMatchObject({
      status: 503,
    })
    expect(fetch.requests).toHaveLength(3)
  })

  it('does not retry other statuses', async () => {
    const fetch = spyFetch(() => ({ status: 500 }))
    await expect(createHttp({ fetch, retry: noWait }).call(get, { id: '1' })).rejects.toMatchObject(
      { status: 500 },
    )
    expect(fetch.requests).toHaveLength(1)
  })

  it('honours Retry-After in seconds', async () => {
    vi.useFakeTimers()
    try {
      const fetch = spyFetch((_, i) =>
        i === 0 ? { status: 429, headers: { 'Retry-After': '2' } } : { body: {} },
      )
      const done = createHttp({ fetch }).call(get, { id: '1' })
      await vi.advanceTimersByTimeAsync(1900)
      expect(fetch.requests).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(200)
      await done
      expect(fetch.requests).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up at once when Retry-After asks for longer than maxDelay, telling the wait', async () => {
    const fetch = spyFetch(() => ({ status: 503, headers: { 'Retry-After': '3600' } }))
    await expect(createHttp({ fetch }).call(get, { id: '1' })).rejects.toMatchObject({
      status: 503,
      retryAfter: 3600,
    })
    expect(fetch.requests).toHaveLength(1)
  })

  it('does not retry when the limit is 0', async () => {
    const fetch = spyFetch(() => ({ status: 503 }))
    await expect(
      createHttp({ fetch, retry: { limit: 0 } }).call(get, { id: '1' }),
    ).rejects.toBeTruthy()
    expect(fetch.requests).toHaveLength(1)
  })
})

describe('abort and timeout', () => {
  const hanging = Object.assign(
    (_: unknown, init: RequestInit = {}) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      ),
    {},
  )

  it('rejects with a TimeoutError after the per-call timeout', async () => {
    const error = await createHttp({ fetch: hanging })
      .call(get, { id: '1' }, { timeout: 20 })
      .catch((e: unknown) => e)
    expect((error as Error).name).toBe('TimeoutError')
  })

  it('rejects with the abort reason when the signal aborts', async () => {
    const controller = new AbortController()
    const pending = createHttp({ fetch: hanging }).call(
      get,
      { id: '1' },
      { signal: controller.signal },
    )
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('stops waiting between retries when aborted', async () => {
    const fetch = spyFetch(() => ({ status: 503 }))
    const controller = new AbortController()
    const pending = createHttp({ fetch, retry: { backoff: 60_000, maxDelay: 60_000 } }).call(
      get,
      { id: '1' },
      { signal: controller.signal },
    )
    await vi.waitFor(() => expect(fetch.requests).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(fetch.requests).toHaveLength(1)
  })
})
