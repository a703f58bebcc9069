import { STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'
import { MAX_JSON_DEPTH } from './json-bounds.js'

/*
 * Every JSON body and query string is checked, never rewritten: bounded in depth, its numbers
 * numbers and its text UTF-8 without lone surrogates, its closed objects without unknown keys.
 * Each is a 400 with field violations, on the real routes that store what they get.
 */

/** JSON text of `{"a":{"a":…"x"…}}`, `depth` levels deep (JSON.stringify would overflow). */
const nestedText = (depth: number) => '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth)
const nested = (depth: number): unknown => JSON.parse(nestedText(depth))

describe.each(DIALECTS)('input bounds on %s', (dialect) => {
  let platform: TestPlatform
  let visitor: string
  let productId: string

  const call = (method: string, path: string, body?: string | Uint8Array, auth = visitor) =>
    fetch(platform.baseUrl + path, {
      method,
      headers: {
        authorization: auth,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body,
    })
  const json = async (response: Response) =>
    (await response.json()) as {
      message: string
      details: { validationError?: { fieldViolations: { field: string; violatedRule: string }[] } }
      cart?: { lineItems: { quantity: number }[]; buyerNote?: string }
    }
  const violations = async (response: Response) => {
    expect(response.status).toBe(400)
    expect(response.headers.get('x-wix-request-id')).toBeTruthy()
    return (await json(response)).details.validationError?.fieldViolations ?? []
  }
  const addOne = (quantity: unknown) =>
    call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      JSON.stringify({
        lineItems: [
          {
            quantity,
            catalogReference: {
              catalogItemId: productId,
              appId: STORES_APP_ID,
            },
          },
        ],
      }),
    )

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const token = await fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
    visitor = ((await token.json()) as { access_token: string }).access_token
    const created = await call(
      'POST',
      '/stores/v1/products',
      JSON.stringify({ product: { name: 'Mug', priceData: { price: 10 } } }),
      platform.adminKey,
    )
    productId = ((await created.json()) as { product: { id: string } }).product.id
  })
  afterAll(() => platform?.close())

  it('refuses a body nested deeper than the bound, however deep (never a 500)', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 3_000, 10_000]) {
      const body = `{"cartInfo":{"contactInfo":{"address":{"city":${nestedText(depth)}}}}}`
      const found = await violations(await call('PATCH', '/ecom/v1/carts/current', body))
      expect(found, String(depth)).toEqual([
        expect.objectContaining({ field: 'body', violatedRule: 'MAX' }),
      ])
    }
    // Within the bound, the schema answers (an object is not a city), still a 400.
    const shallow = { cartInfo: { contactInfo: { address: { city: nested(10) } } } }
    const found = await violations(
      await call('PATCH', '/ecom/v1/carts/current', JSON.stringify(shallow)),
    )
    expect(found.map((v) => v.field)).toEqual(['cartInfo.contactInfo.address.city'])
  })

  it('refuses unknown keys of an address, whose schema is closed', async () => {
    const body = {
      shippingAddress: { country: 'US', city: 'NYC', streetAddress: { name: 'Main', floor: 3 } },
      billingAddress: { country: 'US', planet: 'Mars' },
    }
    const found = await violations(
      await call('POST', '/ecom/v1/carts/current/estimate-totals', JSON.stringify(body)),
    )
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'shippingAddress.streetAddress.floor',
          violatedRule: 'FIELD_NOT_ALLOWED',
        }),
        expect.objectContaining({
          field: 'billingAddress.planet',
          violatedRule: 'FIELD_NOT_ALLOWED',
        }),
      ]),
    )
  })

  it('takes numbers as numbers: a quantity of "0x10" or "16" is a 400, not 16', async () => {
    for (const quantity of ['0x10', '16', true]) {
      const found = await violations(await addOne(quantity))
      expect(found.map((v) => v.field)).toEqual(['lineItems[0].quantity'])
    }
    const added = await json(await addOne(2))
    expect(added.cart?.lineItems.map((line) => line.quantity)).toContain(2)
  })

  it('checks text instead of rewriting it: lone surrogates and bytes that are not UTF-8', async () => {
    const lone = '{"cartInfo":{"buyerNote":"note \\ud800 end"}}'
    const found = await violations(await call('PATCH', '/ecom/v1/carts/current', lone))
    expect(found).toEqual([
      expect.objectContaining({ field: 'cartInfo.buyerNote', violatedRule: 'FORMAT' }),
    ])
    const key = '{"cartInfo":{"\\udc00":1}}'
    expect(await violations(await call('PATCH', '/ecom/v1/carts/current', key))).toHaveLength(1)
    const bytes = Buffer.concat([
      Buffer.from('{"cartInfo":{"buyerNote":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}'),
    ])
    expect(await violations(await call('PATCH', '/ecom/v1/carts/current', bytes))).toEqual([
      expect.objectContaining({ field: 'body', violatedRule: 'FORMAT' }),
    ])
    // A paired surrogate (an emoji) is text like any other, kept as sent.
    const emoji = JSON.stringify({ cartInfo: { buyerNote: 'gift 🎁' } })
    const kept = await call('PATCH', '/ecom/v1/carts/current', emoji)
    expect(kept.status).toBe(200)
    expect((await json(kept)).cart?.buyerNote).toBe('gift 🎁')
  })

  it('reads query-string numbers and booleans as decimal text only', async () => {
    const query = (search: string) =>
      call('GET', `/stores-reader/v1/products/query-platformized?${search}`)
    const page = await query('query.paging.limit=1&query.paging.offset=0')
    expect(page.status).toBe(200)
    expect(((await page.json()) as { metadata: { count: number } }).metadata.count).toBe(1)
    for (const bad of ['0x10', '1e1', '%201', '']) {
      const found = await violations(await query(`query.paging.limit=${bad}`))
      expect(
        found.map((v) => v.field),
        bad,
      ).toEqual(['query.paging.limit'])
    }
    const flag = await violations(await query('includeMerchantSpecificData=yes'))
    expect(flag.map((v) => v.field)).toEqual(['includeMerchantSpecificData'])
    const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url')
    // `.r` is JSON: a number in it is a number, text is text.
    const r = await violations(await query(`.r=${encoded({ query: { paging: { limit: '5' } } })}`))
    expect(r.map((v) => v.field)).toEqual(['query.paging.limit'])
    const deep = await violations(await query(`.r=${encoded({ query: { filter: nested(100) } })}`))
    expect(deep).toEqual([expect.objectContaining({ violatedRule: 'MAX' })])
  })
})
