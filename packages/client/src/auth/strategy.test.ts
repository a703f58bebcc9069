import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import type { Http } from '../http/pipeline.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { ApiKeyStrategy } from './api-key-strategy.js'
import { OAuthStrategy } from './oauth-strategy.js'
import { borrowAuth } from './strategy.js'

const BASE = 'https://api.test'
const ping = { ping: (http: Http) => () => http.call({ method: 'POST', path: '/ping' }, {}) }
const now = () => Math.floor(Date.now() / 1000)

describe('borrowAuth', () => {
  it('lends the headers and hears the refusals, leaving the strategy on its own client', async () => {
    const fetch = spyFetch((request) =>
      request.path === '/oauth2/token'
        ? { body: { access_token: 'renewed', expires_in: 3600, refresh_token: 'ignored' } }
        : request.headers.authorization === 'renewed'
          ? { body: {} }
          : { status: 401, body: {} },
    )
    const auth = OAuthStrategy({
      clientId: 'cid',
      tokens: {
        accessToken: { value: 'stale', expiresAt: now() + 3600 },
        refreshToken: { value: 'rt', role: 'member' },
      },
    })
    createClient({ modules: {}, auth, fetch, baseUrl: BASE, headers: { 'x-client': 'own' } })
    const lazy = createClient({ modules: { ping }, auth: borrowAuth(auth), fetch, baseUrl: BASE })

    await lazy.ping.ping()
    expect(fetch.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      ['/ping', 'stale'],
      ['/oauth2/token', undefined],
      ['/ping', 'renewed'],
    ])
    // The token call went through the strategy's own client.
    expect(fetch.requests[1]?.headers['x-client']).toBe('own')
    expect(auth.getTokens().accessToken.value).toBe('renewed')
  })

  it('keeps an elevated strategy elevated, and one without refusals without', () => {
    const borrowed = borrowAuth(ApiKeyStrategy({ apiKey: 'k' }))
    expect(borrowed.elevated).toBe(true)
    expect(borrowed.getAuthHeaders()).toEqual({ headers: { Authorization: 'k' } })
    expect(borrowed.refused).toBeUndefined()
  })
})
