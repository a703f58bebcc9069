import { describe, expect, it, vi } from 'vitest'
import type { Http } from '../http/pipeline.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { createClient } from './create-client.js'

const ping = {
  ping: (http: Http) => (n: number) => http.call({ method: 'POST', path: '/ping' }, { n }),
}

describe('createClient', () => {
  it('binds every module function to one pipeline with the client options', async () => {
    const fetch = spyFetch(() => ({ body: { pong: true } }))
    const client = createClient({
      modules: { a: ping, b: ping },
      fetch,
      baseUrl: 'http://127.0.0.1:4100',
      headers: { 'x-shop': 's1' },
    })
    await expect(client.a.ping(1)).resolves.toEqual({ pong: true })
    await client.b.ping(2)
    expect(fetch.requests.map((r) => [r.url.href, r.body, r.headers['x-shop']])).toEqual([
      ['http://127.0.0.1:4100/ping', { n: 1 }, 's1'],
      ['http://127.0.0.1:4100/ping', { n: 2 }, 's1'],
    ])
  })

  it('binds modules later with use, as the official client does: one, or an object of them', async () => {
    const fetch = spyFetch(() => ({ body: { pong: true } }))
    const client = createClient({ fetch, baseUrl: 'http://127.0.0.1:4100' })
    const one = client.use(ping)
    const { a, b } = client.use({ a: ping, b: ping })
    await expect(one.ping(1)).resolves.toEqual({ pong: true })
    await a.ping(2)
    await b.ping(3)
    expect(fetch.requests.map((r) => r.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    // An import that is not there: the error names `use`, not `Object.entries`.
    const missing = undefined as unknown as typeof ping
    expect(() => client.use(missing)).toThrow(new TypeError('client.use(undefined): not a module'))
  })

  it('hands its pipeline to the auth strategy, so the strategy calls the same host', () => {
    const attach = vi.fn()
    const auth = { getAuthHeaders: () => ({ headers: {} }), attach }
    const client = createClient({ modules: {}, auth, baseUrl: 'http://127.0.0.1:4100' })
    expect(client.auth).toBe(auth)
    expect(attach).toHaveBeenCalledOnce()
    expect((attach.mock.calls[0]![0] as Http).baseUrl).toBe('http://127.0.0.1:4100')
  })

  it('setHeaders adds headers to later calls', async () => {
    const fetch = spyFetch()
    const client = createClient({ modules: { a: ping }, fetch })
    client.setHeaders({ 'accept-language': 'fr' })
    await client.a.ping(1)
    expect(fetch.last.headers['accept-language']).toBe('fr')
  })
})
