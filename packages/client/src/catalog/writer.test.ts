import { describe, expect, it } from 'vitest'
import type { AuthStrategy } from '../auth/strategy.js'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { ElevatedClientRequiredError } from '../client/elevated.js'
import { catalogWriter } from './writer.js'

const headers = () => ({ headers: { Authorization: 'KEY' } })
const ISO = '2026-03-04T05:06:07.000Z'

function writerThrough(auth: AuthStrategy | undefined, body: unknown = {}) {
  const spy = spyFetch(() => ({ body }))
  const client = createClient({
    modules: { catalogWriter },
    auth,
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, writer: client.catalogWriter }
}

describe('elevated module', () => {
  const names = Object.keys(catalogWriter) as (keyof typeof catalogWriter)[]

  it.each([
    ['a visitor strategy', { getAuthHeaders: headers }],
    ['elevated: false', { elevated: false, getAuthHeaders: headers }],
    ['no strategy', undefined],
  ])('through %s, every writer call rejects before any request', async (_label, auth) => {
    const { spy, writer } = writerThrough(auth)
    expect(names).toHaveLength(19)
    for (const name of names) {
      const call = writer[name] as (...args: unknown[]) => Promise<unknown>
      const promise = call('p1', ['x'], {})
      await expect(promise).rejects.toBeInstanceOf(ElevatedClientRequiredError)
    }
    expect(spy.requests).toHaveLength(0)
  })

  it('rejects with a named error that says an elevated client is required', async () => {
    const { writer } = writerThrough({ getAuthHeaders: headers })
    const error = await writer.deleteProduct('p1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'ElevatedClientRequiredError' })
    expect((error as Error).message).toMatch(/needs an elevated client/)
    expect((error as Error).message).toContain('ApiKeyStrategy')
  })

  it('lets calls through an elevated strategy', async () => {
    const { spy, writer } = writerThrough({ elevated: true, getAuthHeaders: headers })
    await writer.removeBrand('p1')
    expect(spy.requests).toHaveLength(1)
  })
})

describe('writer responses', () => {
  const elevated: AuthStrategy = { elevated: true, getAuthHeaders: headers }

  it('createProduct and updateProduct decode product dates and floats', async () => {
    const { writer } = writerThrough(elevated, {
      product: { id: 'p1', createdDate: ISO, lastUpdated: ISO, priceData: { price: 'NaN' } },
    })
    for (const { product } of [
      await writer.createProduct({ name: 'Mug' }),
      await writer.updateProduct('p1', { name: 'Mug' }),
    ]) {
      expect(product.createdDate).toEqual(new Date(ISO))
      expect(product.lastUpdated).toEqual(new Date(ISO))
      expect(product.priceData?.price).toBeNaN()
    }
  })

  it('updateProductVariants decodes variant floats', async () => {
    const { writer } = writerThrough(elevated, {
      variants: [
        { id: 'v1', variant: { weight: 'NaN', convertedPriceData: { price: 'Infinity' } } },
      ],
    })
    const { variants } = await writer.updateProductVariants('p1', [
      { variantIds: ['v1'], weight: 2 },
    ])
    expect(variants[0]?.variant?.weight).toBeNaN()
    expect(variants[0]?.variant?.convertedPriceData?.price).toBe(Infinity)
  })

  it('createCollection and updateCollection decode lastUpdated', async () => {
    const { writer } = writerThrough(elevated, { collection: { id: 'c1', lastUpdated: ISO } })
    const created = await writer.createCollection({ name: 'Summer' })
    const updated = await writer.updateCollection('c1', { name: 'Winter' })
    expect(created.collection.lastUpdated).toEqual(new Date(ISO))
    expect(updated.collection.lastUpdated).toEqual(new Date(ISO))
  })
})
