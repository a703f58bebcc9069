import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import type { Http } from '../http/pipeline.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { ApiKeyStrategy } from './api-key-strategy.js'

const ping = { ping: (http: Http) => () => http.call({ method: 'POST', path: '/ping' }, {}) }

describe('ApiKeyStrategy (SPEC §6, wire §9)', () => {
  it('is elevated', () => {
    expect(ApiKeyStrategy({ apiKey: 'k' }).elevated).toBe(true)
  })

  it('sends the raw API key as Authorization, with wix-site-id and wix-account-id', async () => {
    const fetch = spyFetch()
    const auth = ApiKeyStrategy({ apiKey: 'IST.key', siteId: 'site-1', accountId: 'acc-1' })
    await createClient({ modules: { ping }, auth, fetch, baseUrl: 'https://api.test' }).ping.ping()
    expect(fetch.last.headers).toMatchObject({
      authorization: 'IST.key',
      'wix-site-id': 'site-1',
      'wix-account-id': 'acc-1',
    })
  })

  it('leaves out the site and account headers when not given', async () => {
    const fetch = spyFetch()
    const auth = ApiKeyStrategy({ apiKey: 'k' })
    await createClient({ modules: { ping }, auth, fetch }).ping.ping()
    expect(fetch.last.headers.authorization).toBe('k')
    expect(fetch.last.headers).not.toHaveProperty('wix-site-id')
    expect(fetch.last.headers).not.toHaveProperty('wix-account-id')
  })

  it('hands out a copy: a caller mutating the headers does not change the next call', () => {
    const auth = ApiKeyStrategy({ apiKey: 'k' })
    auth.getAuthHeaders().headers.Authorization = 'changed'
    expect(auth.getAuthHeaders().headers.Authorization).toBe('k')
  })

  it('a refused key stays an error: the 401 is thrown after one send', async () => {
    const fetch = spyFetch(() => ({ status: 401, body: { message: 'UNAUTHENTICATED' } }))
    const auth = ApiKeyStrategy({ apiKey: 'wrong' })
    const client = createClient({ modules: { ping }, auth, fetch, baseUrl: 'https://api.test' })
    await expect(client.ping.ping()).rejects.toMatchObject({ name: 'ApiError', status: 401 })
    expect(fetch.requests).toHaveLength(1)
  })
})
