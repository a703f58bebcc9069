import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { ChannelType } from '../enums/commerce.js'
import { OptionType } from '../enums/catalog.js'
import type { Http } from '../http/pipeline.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import * as wix from '../wix/index.js'
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

  it("carries a module's enumerations through (@vitrine/client/wix), as the official client does", async () => {
    const { products, currentCart, orders } = wix
    const fetch = spyFetch(() => ({ body: { product: { id: 'p1' } } }))
    const client = createClient({ modules: { products }, fetch, baseUrl: 'http://127.0.0.1:4100' })
    const bound = client.use(products)
    const { cart } = client.use({ cart: currentCart })
    // On the module, on the client's module and on a bound one: the same names and values.
    expect(products.OptionType.color).toBe('color')
    expect(client.products.OptionType).toEqual(OptionType)
    expect(bound.OptionType.drop_down).toBe('drop_down')
    expect(cart.ChannelType.OTHER_PLATFORM).toBe('OTHER_PLATFORM')
    expect(cart.ChannelType).toEqual(ChannelType)
    // Operations are bound beside them, and an object of modules is still told from a module.
    await expect(bound.getProduct('p1')).resolves.toEqual({ product: { id: 'p1' } })
    expect(fetch.last.url.pathname).toBe('/stores-reader/v1/products/p1')
    expect(Object.keys(cart)).toEqual(Object.keys(currentCart))
    // An elevated module's enumerations too.
    expect(createClient({}).use(orders).ChannelType.WEB).toBe('WEB')
    expectTypeOf(bound.OptionType).toEqualTypeOf<typeof OptionType>()
    expectTypeOf(bound.getProduct).toEqualTypeOf<ReturnType<typeof products.getProduct>>()
    expectTypeOf(cart.ChannelType.WEB).toEqualTypeOf<'WEB'>()
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
