import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogCache } from './catalog-cache.server'

/** A platform that answers each load with its number (`{ n: 1 }`), or fails when told to. */
function platform() {
  const seen: string[] = []
  let failing: Error | undefined
  const loader = (key: string) => async () => {
    seen.push(key)
    if (failing) throw failing
    return { n: seen.length }
  }
  return { loader, seen, fail: (error = new TypeError('fetch failed')) => void (failing = error) }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the shop server's sub-request cache", () => {
  const options = { freshMs: 1000, staleMs: 1000, maxSize: 1_000_000 }

  it('answers a key again while fresh, then stale while it loads anew, then waits', async () => {
    const { loader, seen } = platform()
    const cache = catalogCache(options)
    const read = () => cache.read('a', loader('a'))
    expect(await read()).toEqual({ n: 1 })
    vi.setSystemTime(1_000_999)
    expect(await read()).toEqual({ n: 1 })
    expect(seen).toHaveLength(1)

    vi.setSystemTime(1_001_500)
    expect(await read()).toEqual({ n: 1 })
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(await read()).toEqual({ n: 2 })

    vi.setSystemTime(1_001_500 + 2000)
    expect(await read()).toEqual({ n: 3 })
  })

  it('hands every reader the same answer, frozen through and through, and its JSON made once', async () => {
    const cache = catalogCache(options)
    const answer = { items: [{ name: 'Tee', price: { amount: 28 } }], total: 1 }
    const first = await cache.read('products', async () => answer)
    const second = await cache.read('products', async () => ({ items: [], total: 0 }))
    expect(second).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.items)).toBe(true)
    expect(Object.isFrozen(first.items[0]!.price)).toBe(true)
    // Modules run in strict mode: a write to a kept answer throws.
    expect(() => (first.items[0]!.price.amount = 0)).toThrow(TypeError)
    expect(cache.json(first)).toBe(JSON.stringify(answer))
    const stringify = vi.spyOn(JSON, 'stringify')
    cache.json(first)
    expect(stringify).not.toHaveBeenCalled()
    stringify.mockRestore()
    expect(cache.json({ n: 1 })).toBe('{"n":1}')
    expect(cache.json(12)).toBe('12')
  })

  it('keys by the key; concurrent misses of one key load once', async () => {
    const { loader, seen } = platform()
    const cache = catalogCache(options)
    const answers = await Promise.all([
      cache.read('a', loader('a')),
      cache.read('a', loader('a')),
      cache.read('b', loader('b')),
    ])
    expect(answers.map(({ n }) => n)).toEqual([1, 1, 2])
    expect(seen).toEqual(['a', 'b'])
  })

  it('keeps nothing that failed', async () => {
    const { loader, seen, fail } = platform()
    const cache = catalogCache(options)
    fail(new Error('Not found'))
    await expect(cache.read('a', loader('a'))).rejects.toThrow('Not found')
    await expect(cache.read('a', loader('a'))).rejects.toThrow('Not found')
    expect(seen).toHaveLength(2)
  })

  it('keeps the stale answer when loading anew fails, until its window ends', async () => {
    const { loader, seen, fail } = platform()
    const cache = catalogCache(options)
    await cache.read('a', loader('a'))
    fail()
    vi.setSystemTime(1_001_500)
    expect(await cache.read('a', loader('a'))).toEqual({ n: 1 })
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(await cache.read('a', loader('a'))).toEqual({ n: 1 })
    vi.setSystemTime(1_002_001)
    await expect(cache.read('a', loader('a'))).rejects.toThrow('fetch failed')
  })

  it("holds at most maxSize characters of the answers' JSON, dropping the least recently used", async () => {
    const { loader, seen } = platform()
    // Each answer is 7 characters ({"n":1}): room for two.
    const cache = catalogCache({ ...options, maxSize: 15 })
    await cache.read('a', loader('a'))
    await cache.read('b', loader('b'))
    await cache.read('a', loader('a'))
    await cache.read('c', loader('c'))
    expect(seen).toHaveLength(3)
    expect(await cache.read('a', loader('a'))).toEqual({ n: 1 })
    expect(await cache.read('b', loader('b'))).toEqual({ n: 4 })
    // An answer larger than the whole is answered, not kept.
    const big = { text: 'x'.repeat(20) }
    expect(await cache.read('big', async () => big)).toBe(big)
    expect(await cache.read('big', async () => ({ text: 'other' }))).toEqual({ text: 'other' })
  })

  it('forgets everything on clear(), also an answer asked for before it', async () => {
    const { loader, seen } = platform()
    const cache = catalogCache(options)
    await cache.read('a', loader('a'))
    const asked = cache.read('b', loader('b'))
    cache.clear()
    expect(await asked).toEqual({ n: 2 })
    expect(await cache.read('a', loader('a'))).toEqual({ n: 3 })
    expect(await cache.read('b', loader('b'))).toEqual({ n: 4 })
    expect(seen).toHaveLength(4)
  })

  it('is off with no lifetime: every read loads, nothing is frozen', async () => {
    const { loader, seen } = platform()
    const cache = catalogCache({ ...options, freshMs: 0, staleMs: 0 })
    const first = await cache.read('a', loader('a'))
    await cache.read('a', loader('a'))
    expect(seen).toHaveLength(2)
    expect(Object.isFrozen(first)).toBe(false)
  })
})
