import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, productListParams, readCatalogState, writeCatalogState } from './catalog-params'

describe('catalog state in the URL', () => {
  it('reads what the URL says and writes it back unchanged', () => {
    const params = new URLSearchParams('collection=apparel&q=tee&sort=price-desc&page=3')
    const state = readCatalogState(params)
    expect(state).toEqual({ collection: 'apparel', search: 'tee', sort: 'price-desc', page: 3 })
    expect(writeCatalogState(state).toString()).toBe(params.toString())
  })

  it('falls back to defaults on malformed values and leaves defaults out of the URL', () => {
    const state = readCatalogState(new URLSearchParams('sort=cheapest&page=-2&q=%20%20'))
    expect(state).toEqual({ collection: undefined, search: '', sort: undefined, page: 1 })
    expect(writeCatalogState(state).toString()).toBe('')
  })

  it('turns a page into an offset and keeps only the filters that are set', () => {
    const state = readCatalogState(new URLSearchParams('q=mug&page=2'))
    expect(productListParams(state, 'collection-id')).toEqual({
      collectionId: 'collection-id',
      search: 'mug',
      limit: PAGE_SIZE,
      offset: PAGE_SIZE,
    })
    expect(productListParams(readCatalogState(new URLSearchParams()))).toEqual({
      limit: PAGE_SIZE,
      offset: 0,
    })
  })
})
