import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../client/create-client.js'
import { spyFetch } from '../../test-support/spy-fetch.js'
import { OAuthStrategy } from '../oauth-strategy.js'
import type { Tokens } from '../types.js'
import { browserTokenStorage } from './browser.js'

/** A Web Storage backed by a Map, as one tab sees `localStorage`. */
class FakeStorage implements Storage {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
}

/** Window listeners, so a test can dispatch the `storage` event another tab would cause. */
function fakeWindow() {
  const listeners = new Set<(event: Event) => void>()
  vi.stubGlobal('addEventListener', (type: string, listener: (event: Event) => void) => {
    if (type === 'storage') listeners.add(listener)
  })
  vi.stubGlobal('removeEventListener', (type: string, listener: (event: Event) => void) => {
    if (type === 'storage') listeners.delete(listener)
  })
  return {
    listeners,
    /** What the browser does in this tab when another tab writes `key`. */
    otherTab(storage: FakeStorage, key: string | null, value: string | null) {
      if (key === null) storage.clear()
      else if (value === null) storage.removeItem(key)
      else storage.setItem(key, value)
      const event = Object.assign(new Event('storage'), {
        key,
        newValue: value,
        storageArea: storage,
      })
      for (const listener of listeners) listener(event)
    },
  }
}

const pair = (access: string, role: Tokens['refreshToken']['role'] = 'visitor'): Tokens => ({
  accessToken: { value: access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: 'r-' + access, role },
})

afterEach(() => vi.unstubAllGlobals())

describe('browserTokenStorage', () => {
  it('persists tokens under the key; a new instance (reload) reads them back', () => {
    const storage = new FakeStorage()
    browserTokenStorage({ storage, key: 'k' }).set(pair('a'))
    expect(JSON.parse(storage.getItem('k')!)).toEqual(pair('a'))
    expect(browserTokenStorage({ storage, key: 'k' }).get()).toEqual(pair('a'))
  })

  it('uses localStorage and the key vitrine-tokens by default', () => {
    const storage = new FakeStorage()
    vi.stubGlobal('localStorage', storage)
    browserTokenStorage().set(pair('a'))
    expect(storage.getItem('vitrine-tokens')).toBe(JSON.stringify(pair('a')))
  })

  it('reads a value written by another tab on the next get', () => {
    const storage = new FakeStorage()
    const tokens = browserTokenStorage({ storage })
    tokens.set(pair('mine'))
    storage.setItem('vitrine-tokens', JSON.stringify(pair('theirs')))
    expect(tokens.get()).toEqual(pair('theirs'))
  })

  it('subscribe reports tokens another tab wrote (storage event), until unsubscribed', () => {
    const window = fakeWindow()
    const storage = new FakeStorage()
    const listener = vi.fn()
    const unsubscribe = browserTokenStorage({ storage }).subscribe!(listener)
    window.otherTab(storage, 'vitrine-tokens', JSON.stringify(pair('other', 'member')))
    expect(listener).toHaveBeenLastCalledWith(pair('other', 'member'))
    window.otherTab(storage, 'vitrine-tokens', null)
    expect(listener).toHaveBeenLastCalledWith(undefined)
    unsubscribe()
    expect(window.listeners.size).toBe(0)
  })

  it('subscribe ignores other keys and other storage areas; a clear() counts', () => {
    const window = fakeWindow()
    const storage = new FakeStorage()
    const listener = vi.fn()
    browserTokenStorage({ storage }).subscribe!(listener)
    window.otherTab(storage, 'cart', 'x')
    window.otherTab(new FakeStorage(), 'vitrine-tokens', JSON.stringify(pair('session')))
    expect(listener).not.toHaveBeenCalled()
    window.otherTab(storage, null, null)
    expect(listener).toHaveBeenCalledWith(undefined)
  })

  it('an OAuthStrategy picks up a login done in another tab without a token call', async () => {
    const window = fakeWindow()
    const storage = new FakeStorage()
    const fetch = spyFetch()
    const tokenStorage = browserTokenStorage({ storage })
    const auth = OAuthStrategy({ clientId: 'cid', tokens: pair('visitor'), tokenStorage })
    createClient({ modules: {}, auth, fetch, baseUrl: 'https://api.test' })
    const seen = vi.fn()
    tokenStorage.subscribe!(seen)
    window.otherTab(storage, 'vitrine-tokens', JSON.stringify(pair('member', 'member')))
    expect(seen).toHaveBeenCalledOnce()
    expect(auth.loggedIn()).toBe(true)
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('member')
    expect(fetch.requests).toHaveLength(0)
  })

  it('malformed or foreign stored values count as no tokens', () => {
    const storage = new FakeStorage()
    const tokens = browserTokenStorage({ storage })
    for (const raw of ['{not json', '"a string"', '{"accessToken":{}}', 'null']) {
      storage.setItem('vitrine-tokens', raw)
      expect(tokens.get()).toBeUndefined()
    }
  })

  it('without Web Storage (SSR) it keeps the tokens in memory', () => {
    vi.stubGlobal('localStorage', undefined)
    const tokens = browserTokenStorage()
    expect(tokens.get()).toBeUndefined()
    tokens.set(pair('a'))
    expect(tokens.get()).toEqual(pair('a'))
  })

  it('a storage that throws (quota, blocked) still keeps the tokens for this tab', () => {
    const storage = new FakeStorage()
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    const tokens = browserTokenStorage({ storage })
    tokens.set(pair('a'))
    expect(tokens.get()).toEqual(pair('a'))
    storage.getItem = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    expect(tokens.get()).toEqual(pair('a'))
  })

  it('subscribe is a no-op outside a browser', () => {
    const unsubscribe = browserTokenStorage({ storage: new FakeStorage() }).subscribe!(vi.fn())
    expect(unsubscribe).toBeTypeOf('function')
    unsubscribe()
  })
})
