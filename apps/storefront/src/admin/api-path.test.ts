import { describe, expect, it } from 'vitest'
import { consoleApiPath } from './api-path'

describe("the console proxy's path rule", () => {
  it('passes the console’s APIs on, each segment encoded once', () => {
    expect(consoleApiPath('/admin/api/stores/v1/products')).toBe('stores/v1/products')
    expect(consoleApiPath('/admin/api/stores-reader/v1/products/query-platformized')).toBe(
      'stores-reader/v1/products/query-platformized',
    )
    expect(consoleApiPath('/admin/api/ecom/v1/fulfillments/orders/o1/create-fulfillment')).toBe(
      'ecom/v1/fulfillments/orders/o1/create-fulfillment',
    )
    expect(consoleApiPath('/admin/api/stores-reader/v1/collections/slug/%C3%A9t%C3%A9')).toBe(
      'stores-reader/v1/collections/slug/%C3%A9t%C3%A9',
    )
  })

  it('refuses what is not one of them', () => {
    for (const path of [
      '/admin/api/oauth2/token',
      '/admin/api/_vitrine/mailbox',
      '/admin/api/stores/v2/products',
      '/admin/api/',
      '/admin/apistores/v1/products',
      '/other/stores/v1/products',
    ])
      expect(consoleApiPath(path), path).toBeUndefined()
  })

  // Each tries to climb out of an allowed prefix to a path outside it.
  const TRAVERSALS = [
    'stores/v1/../../oauth2/token',
    'stores/v1/./../../_vitrine/mailbox',
    'stores/v1/%2e%2e/%2e%2e/_vitrine/mailbox',
    'stores/v1/%2E%2e/%2e%2E/_vitrine/mailbox',
    'stores/v1/.%2e/.%2E/_vitrine/mailbox',
    'stores/v1/%2e./%2e./_vitrine/mailbox',
    'stores/v1/%252e%252e/%252e%252e/_vitrine/mailbox',
    'stores/v1/%25252e%25252e/_vitrine/mailbox',
    'stores/v1/..%2f..%2f_vitrine/mailbox',
    'stores/v1/..%2F..%2F_vitrine/mailbox',
    'stores/v1/%2e%2e%2f%2e%2e%2f_vitrine/mailbox',
    'stores/v1/..%5c..%5c_vitrine/mailbox',
    'stores/v1/..%5C..%5C_vitrine/mailbox',
    'stores/v1/..\\..\\_vitrine/mailbox',
    'stores/v1/%5c..%5c..%5c_vitrine/mailbox',
    'stores/v1/%c0%ae%c0%ae/%c0%ae%c0%ae/_vitrine/mailbox',
    'stores/v1/%e0%80%ae%e0%80%ae/_vitrine/mailbox',
    'stores/v1/products%2f..%2f..%2f..%2foauth2/token',
    'stores/v1//..//../oauth2/token',
    'stores/v1/%00/../../oauth2/token',
    'stores/v1/products%00',
    'stores/v1/%2e',
  ]
  it.each(TRAVERSALS)('refuses %s', (path) => {
    expect(consoleApiPath(`/admin/api/${path}`)).toBeUndefined()
  })

  it('answers nothing a URL parser would move: resolving it keeps it where it was checked', () => {
    for (const path of TRAVERSALS.concat(['stores/v1/products/p%20 1', 'v2/collections/c1']).map(
      (tail) => consoleApiPath(`/admin/api/${tail}`),
    ))
      if (path !== undefined)
        expect(new URL(`http://platform.test/${path}`).pathname).toBe(`/${path}`)
  })
})
