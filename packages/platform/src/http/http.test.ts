import { connect } from 'node:net'
import { createHttp, isApiError, toApiError, type Endpoint } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatform, type TestPlatform } from '../test-support/platform.js'
import { registerProbes } from '../test-support/probes.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startPlatform('sqlite', {}, registerProbes)
})
afterAll(() => platform.close())

const send = (path: string, init: RequestInit = {}) => fetch(platform.baseUrl + path, init)
const post = (path: string, body: string, contentType = 'application/json') =>
  send(path, { method: 'POST', headers: { 'content-type': contentType }, body })
const QUERY: Endpoint = { method: 'GET', path: '/_probe/items/{id}/query', encodedQuery: true }
const VALIDATE: Endpoint = { method: 'POST', path: '/_probe/validate' }

/** The provider's error body, and what the client makes of it. */
async function providerError(response: Response) {
  const body = (await response.json()) as { message: unknown; details: unknown }
  expect(typeof body.message).toBe('string')
  expect(body.details).toBeTypeOf('object')
  return toApiError(
    response.status,
    response.statusText,
    body,
    response.headers.get('x-wix-request-id')!,
  )
}

describe('errors', () => {
  it('answers an unknown path with a 404 in the provider format', async () => {
    const response = await send('/stores/v1/nothing-here?id=1')
    expect(response.status).toBe(404)
    expect(await providerError(response)).toMatchObject({
      kind: 'client',
      code: 'NOT_FOUND',
      message: 'No route GET /stores/v1/nothing-here',
    })
  })

  it('turns schema violations into field violations the client reads', async () => {
    const http = createHttp({ baseUrl: platform.baseUrl })
    const error = await http
      .call(VALIDATE, { lineItems: [{ quantity: 0 }, { kind: 'BOOK' }] })
      .catch((error: unknown) => error)
    if (!isApiError(error)) throw error
    expect(error).toMatchObject({ status: 400, kind: 'validation', code: 'INVALID_ARGUMENT' })
    expect(error.fieldViolations).toEqual([
      {
        field: 'lineItems[0].quantity',
        description: 'must be >= 1',
        violatedRule: 'MIN',
        data: { threshold: 1 },
      },
      {
        field: 'lineItems[1].kind',
        description: 'must be one of: PHYSICAL, DIGITAL',
        violatedRule: 'INVALID_ENUM_VALUE',
        data: { allowedValues: ['PHYSICAL', 'DIGITAL'] },
      },
      {
        field: 'lineItems[1].quantity',
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      },
    ])
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "lineItems[0].quantity" must be >= 1, ' +
        '"lineItems[1].kind" must be one of: PHYSICAL, DIGITAL, "lineItems[1].quantity" is required',
    )
  })

  it('reports a missing body property and a body of the wrong type on their paths', async () => {
    const missing = await providerError(await post('/_probe/validate', '{}'))
    expect(missing.fieldViolations).toEqual([
      { field: 'lineItems', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ])
    const array = await providerError(await post('/_probe/validate', '[1]'))
    expect(array.fieldViolations?.[0]).toMatchObject({ field: 'body', violatedRule: 'VALIDATION' })
  })

  it('never answers a malformed request with a 5xx', async () => {
    const cases: [string, RequestInit][] = [
      [
        '/oauth2/token',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' },
      ],
      [
        '/oauth2/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"__proto__":{"x":1}}',
        },
      ],
      [
        '/oauth2/token',
        { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'grantType=anonymous' },
      ],
      [
        '/oauth2/token',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"anonymous"' },
      ],
      [
        '/oauth2/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: 'x'.repeat(2_000_000),
        },
      ],
      [
        '/oauth2/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"grantType":{"$ne":1}}',
        },
      ],
      ['/_probe/items/a/query?.r=%%%', {}],
      ['/_probe/items/a/query?.r=WzFd', {}], // [1]: JSON, not an object
      ['/_probe/items/a/query?.r=e30&.r=e30', {}],
      [
        `/_probe/items/a/query?.r=${Buffer.from('{"query":{"__proto__":{"x":1}}}').toString('base64url')}`,
        {},
      ],
      ['/_probe/items/a/query?query.paging.limit=many', {}],
      ['/_probe/whoami', { headers: { authorization: 'x'.repeat(5000) } }],
      ['/%E0%A4%A', {}],
    ]
    for (const [path, init] of cases) {
      const response = await send(path, init)
      expect(response.status, path + ' ' + String(init.body).slice(0, 40)).toBeGreaterThanOrEqual(
        400,
      )
      expect(response.status, path).toBeLessThan(500)
      expect(response.headers.get('x-wix-request-id'), path).toBeTruthy()
      await providerError(response)
    }
  })

  it('answers a bug with a bare 500 that leaks nothing', async () => {
    const response = await send('/_probe/bug')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ message: 'Internal error', details: {} })
    expect(text).not.toContain('secret')
  })

  it('answers in the provider format even when a route set a header that cannot be written', async () => {
    const response = await send('/_probe/unwritable-header', { redirect: 'manual' })
    expect(response.status).toBe(500)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await response.json()).toEqual({ message: 'Internal error', details: {} })
  })

  it("answers what Node's HTTP parser refuses in the provider format, with a request id", async () => {
    const { port } = new URL(platform.baseUrl)
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = ''
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request))
        socket.setEncoding('utf8')
        socket.on('data', (chunk: string) => (answer += chunk))
        socket.on('close', () => resolve(answer))
        socket.on('error', reject)
      })
    const answers = [
      await raw('NONSENSE\r\n\r\n'),
      await raw(`GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      await raw('POST /oauth2/token HTTP/1.1\r\nHost: a\r\nContent-Length: many\r\n\r\n{}'),
    ]
    expect(answers.map((answer) => answer.split(' ')[1])).toEqual(['400', '431', '400'])
    for (const answer of answers) {
      const [head, body] = answer.split('\r\n\r\n')
      expect(head).toMatch(/\r\nX-Wix-Request-Id: [0-9a-f-]{36}\r\n/)
      expect(JSON.parse(body!)).toEqual({ message: expect.any(String), details: {} })
    }
  })

  it('answers a request that comes while the platform closes with a 503 in the provider format', async () => {
    let during: Response | undefined
    const closing = await startPlatform('sqlite', {}, (app) =>
      app.addHook('preClose', async () => {
        during = await fetch(`${closing.baseUrl}/oauth2/token`, { method: 'POST' })
      }),
    )
    await closing.close()
    expect(during!.status).toBe(503)
    expect(during!.headers.get('x-wix-request-id')).toBeTruthy()
    expect(await during!.json()).toEqual({ message: 'The platform is shutting down', details: {} })
  })

  it('reads an empty body as {}', async () => {
    const response = await send('/oauth2/token', { method: 'POST' })
    expect(response.status).toBe(400)
    expect((await providerError(response)).fieldViolations?.[0]?.field).toBe('grantType')
  })
})

describe('headers', () => {
  it('puts a distinct X-Wix-Request-Id and security headers on every response', async () => {
    const responses = [
      await send('/nowhere'),
      await post('/oauth2/token', '{"clientId":"demo-storefront","grantType":"anonymous"}'),
      await post('/oauth2/token', '{'),
      await send('/_probe/whoami'),
      await send('/_probe/bug'),
    ]
    expect(responses.map((r) => r.status)).toEqual([404, 200, 400, 401, 500])
    const ids = responses.map((response) => response.headers.get('x-wix-request-id'))
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(ids.length)
    for (const response of responses) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })
})

describe('query decoding', () => {
  const payload = {
    id: 'p1',
    query: { filter: { name: { $startsWith: 'Sh' } }, paging: { limit: 50, offset: 0 } },
  }

  it('decodes `.r` so that the GET and its POST fallback give a route the same payload', async () => {
    const http = createHttp({ baseUrl: platform.baseUrl })
    const viaGet = await http.call(QUERY, payload)
    expect(viaGet).toEqual({ method: 'GET', path: 'p1', payload })

    const long = {
      ...payload,
      query: {
        ...payload.query,
        filter: { id: { $in: Array.from({ length: 300 }, (_, i) => `product-${i}`) } },
      },
    }
    const viaPost = await http.call(QUERY, long)
    expect(viaPost).toEqual({ method: 'POST', path: 'p1', payload: long })
  })

  it('reads the official encoding: base64url, no padding, path params repeated', async () => {
    const r = Buffer.from(JSON.stringify({ query: payload.query })).toString('base64url')
    const response = await send(`/_probe/items/p1/query?id=p1&.r=${r}`)
    expect(await response.json()).toEqual({ method: 'GET', path: 'p1', payload })
  })

  it('nests dotted keys and coerces them by the schema', async () => {
    const response = await send(
      '/_probe/items/p1/query?id=p1&query.paging.limit=5&query.paging.offset=10',
    )
    expect(await response.json()).toEqual({
      method: 'GET',
      path: 'p1',
      payload: { id: 'p1', query: { paging: { limit: 5, offset: 10 } } },
    })
  })

  it('validates the decoded payload with its JSON path', async () => {
    const r = Buffer.from(JSON.stringify({ query: { paging: { limit: 500 } } })).toString(
      'base64url',
    )
    const error = await providerError(await send(`/_probe/items/p1/query?.r=${r}`))
    expect(error.fieldViolations).toEqual([
      {
        field: 'query.paging.limit',
        description: 'must be <= 100',
        violatedRule: 'MAX',
        data: { threshold: 100 },
      },
    ])
    const bad = await providerError(await send('/_probe/items/p1/query?.r=!!'))
    expect(bad.fieldViolations?.[0]).toMatchObject({ field: '.r', violatedRule: 'FORMAT' })
  })
})
