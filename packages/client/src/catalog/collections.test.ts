import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { collections } from './collections.js'

const ISO = '2026-03-04T05:06:07.000Z'
const client = (body: unknown) =>
  createClient({ modules: { collections }, fetch: spyFetch(() => ({ body })) }).collections

describe('collection responses', () => {
  it('getCollection returns the collection itself, lastUpdated as a Date', async () => {
    const collection = await client({
      collection: { id: 'c1', name: 'Summer', lastUpdated: ISO },
    }).getCollection('c1')
    expect(collection).toEqual({ id: 'c1', name: 'Summer', lastUpdated: new Date(ISO) })
  })

  it('getCollectionBySlug returns {collection}', async () => {
    const response = await client({
      collection: { id: 'c1', lastUpdated: ISO },
    }).getCollectionBySlug('summer')
    expect(response).toEqual({ collection: { id: 'c1', lastUpdated: new Date(ISO) } })
  })

  it('queryCollections maps items ← collections and decodes their dates', async () => {
    const page = await client({
      collections: [
        { id: 'c1', lastUpdated: ISO },
        { id: 'c2', numberOfProducts: 3 },
      ],
      metadata: { count: 2, offset: 0, total: 2 },
    })
      .queryCollections()
      .find()
    expect(page.items).toEqual([
      { id: 'c1', lastUpdated: new Date(ISO) },
      { id: 'c2', numberOfProducts: 3 },
    ])
    expect(page.totalCount).toBe(2)
    expect(page.hasNext()).toBe(false)
  })
})
