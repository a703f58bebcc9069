import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogCache } from './catalog-cache.server'

const PLATFORM = 'http://127.0.0.1:4100'
const PRODUCT = `${PLATFORM}/stores-reader/v1/products/p1`
const QUERY = `${PLATFORM}/stores-reader/v1/products/query-platformized`

/** A platform that answers each request with its number (`{"n":1}`), or `status` when given. */
function platform() {
  const seen: string[] = []
  let status = 200
  let failing = false
  const upstream = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    seen.push(`${init?.method ?? 'GET'} ${String(input)} ${String(init?.body ?? '')}`)
    if (failing) throw new TypeError('fetch failed')
    return Response.json({ n: seen.length }, { status, headers: { 'x-wix-request-id': 'r' } })
  }) as unknown as typeof fetch & { mock: { calls: unknown[] } }
  return {
    upstream,
    seen,
    answer: (next: number) => void (status = next),
    fail: () => void (failing = true),
  }
}

const read = async (fetch: typeof globalThis.fetch, url = PRODUCT, init?: RequestInit) => {
  const answer = await fetch(url, init)
  return { status: answer.status, ...((await answer.json()) as { n: number }) }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the shop server's sub-request cache", () => {
  const options = { freshMs: 1000, staleMs: 1000, maxBytes: 1_000_000 }

  it('answers a catalog read again while fresh, then stale while it asks anew, then waits', async () => {
    const { upstream, seen } = platform()
    const cached = catalogCache(options, upstream)
    expect(await read(cached)).toEqual({ status: 200, n: 1 })
    vi.setSystemTime(1_000_999)
    expect(await read(cached)).toEqual({ status: 200, n: 1 })
    expect(seen).toHaveLength(1)

    vi.setSystemTime(1_001_500)
    expect(await read(cached)).toEqual({ status: 200, n: 1 })
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(await read(cached)).toEqual({ status: 200, n: 2 })

    vi.setSystemTime(1_001_500 + 2000)
    expect(await read(cached)).toEqual({ status: 200, n: 3 })
  })

  it('keys by method, URL and body; concurrent misses of one key make one request', async () => {
    const { upstream, seen } = platform()
    const cached = catalogCache(options, upstream)
    const post = (body: string) => ({ method: 'POST', body })
    const answers = await Promise.all([
      read(cached, QUERY, post('{"a":1}')),
      read(cached, QUERY, post('{"a":1}')),
      read(cached, QUERY, post('{"a":2}')),
      read(cached, `${PRODUCT}?x=1`),
    ])
    expect(answers.map(({ n }) => n)).toEqual([1, 1, 2, 3])
    expect(seen).toHaveLength(3)
  })

  it('keeps only successful catalog reads: tokens, writes and errors pass through', async () => {
    const { upstream, seen, answer } = platform()
    const cached = catalogCache(options, upstream)
    const token = `${PLATFORM}/oauth2/token`
    await read(cached, token, { method: 'POST', body: '{}' })
    await read(cached, token, { method: 'POST', body: '{}' })
    await read(cached, `${PLATFORM}/stores/v1/products`, { method: 'POST', body: '{}' })
    await read(cached, `${PLATFORM}/stores/v1/products`, { method: 'POST', body: '{}' })
    answer(404)
    expect(await read(cached)).toEqual({ status: 404, n: 5 })
    expect(await read(cached)).toEqual({ status: 404, n: 6 })
    expect(seen).toHaveLength(6)
  })

  it('keeps the stale answer when asking anew fails, until its window ends', async () => {
    const { upstream, seen, fail } = platform()
    const cached = catalogCache(options, upstream)
    await read(cached)
    fail()
    vi.setSystemTime(1_001_500)
    expect(await read(cached)).toEqual({ status: 200, n: 1 })
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(await read(cached)).toEqual({ status: 200, n: 1 })
    vi.setSystemTime(1_002_001)
    await expect(read(cached)).rejects.toThrow('fetch failed')
  })

  it('holds at most maxBytes, dropping the least recently used', async () => {
    const { upstream, seen } = platform()
    // Each answer is 7 bytes ({"n":1}): room for two.
    const cached = catalogCache({ ...options, maxBytes: 15 }, upstream)
    await read(cached, `${PRODUCT}?a`)
    await read(cached, `${PRODUCT}?b`)
    await read(cached, `${PRODUCT}?a`)
    await read(cached, `${PRODUCT}?c`)
    expect(seen).toHaveLength(3)
    expect(await read(cached, `${PRODUCT}?a`)).toMatchObject({ n: 1 })
    expect(await read(cached, `${PRODUCT}?b`)).toMatchObject({ n: 4 })
  })

  it('forgets everything on clear(), also an answer asked for before it', async () => {
    const { upstream, seen } = platform()
    const cached = catalogCache(options, upstream)
    await read(cached)
    const asked = read(cached, QUERY, { method: 'POST', body: '{}' })
    cached.clear()
    expect(await asked).toMatchObject({ n: 2 })
    expect(await read(cached)).toMatchObject({ n: 3 })
    expect(await read(cached, QUERY, { method: 'POST', body: '{}' })).toMatchObject({ n: 4 })
    expect(seen).toHaveLength(4)
  })

  it('is off with no lifetime', async () => {
    const { upstream, seen } = platform()
    const cached = catalogCache({ ...options, freshMs: 0, staleMs: 0 }, upstream)
    await read(cached)
    await read(cached)
    expect(seen).toHaveLength(2)
  })
})
