import { describe, expect, it, vi } from 'vitest'
import { createClient } from '../../client/create-client.js'
import { spyFetch } from '../../test-support/spy-fetch.js'
import { OAuthStrategy } from '../oauth-strategy.js'
import type { Tokens } from '../types.js'
import { cookieTokenStorage } from './cookie.js'

const pair: Tokens = {
  accessToken: { value: 'OauthNG.JWS.a=b;c', expiresAt: 1_900_000_000 },
  refreshToken: { value: 'r "quoted", spaced', role: 'member' },
}
const empty: Tokens = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
}

/** The `name=value` part of a Set-Cookie string, as a browser would send it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!

describe('cookieTokenStorage', () => {
  it('reads tokens from the Cookie header among other cookies', () => {
    const value = encodeURIComponent(JSON.stringify(pair))
    const storage = cookieTokenStorage({ cookie: `a=1; vitrine-tokens=${value}; b=2` })
    expect(storage.get()).toEqual(pair)
  })

  it('no or another Cookie header means no tokens', () => {
    expect(cookieTokenStorage().get()).toBeUndefined()
    expect(cookieTokenStorage({ cookie: null }).get()).toBeUndefined()
    expect(cookieTokenStorage({ cookie: 'x-vitrine-tokens=1; other=2' }).get()).toBeUndefined()
  })

  it('emits Set-Cookie with Path=/, Max-Age, SameSite=Lax and Secure when tokens change', () => {
    const onChange = vi.fn()
    cookieTokenStorage({ onChange }).set(pair)
    const [setCookie] = onChange.mock.calls[0] as [string]
    expect(setCookie).toBe(
      `vitrine-tokens=${encodeURIComponent(JSON.stringify(pair))}; Path=/; Max-Age=2592000; SameSite=Lax; Secure`,
    )
  })

  it('round-trips: the emitted cookie, sent back, gives the same tokens', () => {
    const onChange = vi.fn()
    cookieTokenStorage({ onChange }).set(pair)
    const cookie = `theme=dark; ${sentBack(onChange.mock.calls[0]![0] as string)}`
    expect(cookieTokenStorage({ cookie }).get()).toEqual(pair)
  })

  it('emits nothing when the tokens did not change', () => {
    const onChange = vi.fn()
    const cookie = `vitrine-tokens=${encodeURIComponent(JSON.stringify(pair))}`
    const storage = cookieTokenStorage({ cookie, onChange })
    storage.set(structuredClone(pair))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('a logout (empty tokens) deletes the cookie with Max-Age=0', () => {
    const onChange = vi.fn()
    const cookie = `vitrine-tokens=${encodeURIComponent(JSON.stringify(pair))}`
    cookieTokenStorage({ cookie, onChange }).set(empty)
    expect(onChange).toHaveBeenCalledWith(
      'vitrine-tokens=; Path=/; Max-Age=0; SameSite=Lax; Secure',
    )
  })

  it('honours name, path, domain, maxAge, sameSite, secure: false and httpOnly', () => {
    const onChange = vi.fn()
    const storage = cookieTokenStorage({
      name: 'sid',
      path: '/shop',
      domain: 'shop.test',
      maxAge: 60,
      sameSite: 'Strict',
      secure: false,
      httpOnly: true,
      onChange,
    })
    storage.set(pair)
    expect(onChange.mock.calls[0]![0]).toBe(
      `sid=${encodeURIComponent(JSON.stringify(pair))}; Path=/shop; Domain=shop.test; Max-Age=60; SameSite=Strict; HttpOnly`,
    )
  })

  it('a malformed cookie counts as no tokens', () => {
    expect(cookieTokenStorage({ cookie: 'vitrine-tokens=%E0%A4%A' }).get()).toBeUndefined()
    expect(cookieTokenStorage({ cookie: 'vitrine-tokens={oops' }).get()).toBeUndefined()
  })

  it('SSR: an OAuthStrategy with the request cookie renews and emits the new cookie', async () => {
    const fetch = spyFetch(() => ({
      body: { access_token: 'fresh', expires_in: 3600, refresh_token: 'ignored' },
    }))
    const expired = { ...pair, accessToken: { value: 'old', expiresAt: 1 } }
    const onChange = vi.fn()
    const tokenStorage = cookieTokenStorage({
      cookie: `vitrine-tokens=${encodeURIComponent(JSON.stringify(expired))}`,
      onChange,
    })
    const auth = OAuthStrategy({ clientId: 'cid', tokenStorage })
    createClient({ modules: {}, auth, fetch, baseUrl: 'https://api.test' })
    expect(auth.loggedIn()).toBe(true)
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('fresh')
    expect(fetch.last.body).toMatchObject({
      grantType: 'refresh_token',
      refreshToken: pair.refreshToken.value,
    })
    const back = cookieTokenStorage({ cookie: sentBack(onChange.mock.calls[0]![0] as string) })
    expect(back.get()).toMatchObject({
      accessToken: { value: 'fresh' },
      refreshToken: pair.refreshToken,
    })
  })
})
