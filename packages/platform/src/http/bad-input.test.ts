import { request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'

/*
 * A generated corpus of malformed input over EVERY route the platform serves (discovered at run
 * time, so new modules are covered as they land): broken and mistyped JSON bodies, bodies nested
 * 10,000 deep, filters thousands wide, long lists, URLs with non-ASCII and CR/LF, hostile path
 * parameters, `.r` values and Host headers, with an elevated, a visitor and no token. The platform
 * must never answer 5xx to any of it, and must always answer in the provider's error format; the
 * shapes aimed at the routes they concern get a 400.
 */

interface Route {
  method: string
  url: string
}

/** Every route of `app` as `{method, url}`, from Fastify's own route table. */
function routesOf(platform: TestPlatform): Route[] {
  const text = platform.app.printRoutes({ commonPrefix: false })
  const routes: Route[] = []
  for (const line of text.split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line)
    if (!match) continue
    for (const method of match[2]!.split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: match[1]! })
    }
  }
  return routes
}

const b64 = (text: string) => Buffer.from(text).toString('base64url')
const nested = (depth: number): unknown => (depth ? { a: nested(depth - 1) } : 'x')
/** JSON text nested `depth` deep (past what JSON.stringify can write). */
const deepText = (depth: number) => '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth)
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`)
const query = (filter: unknown) => JSON.stringify({ query: { filter } })
/** Filters past every bound: wide, deep, with long lists. */
const FILTERS = {
  wideOr: query({ $or: ids(999).map((id) => ({ id })) }),
  wideAnd: query({ $and: ids(1500).map((id) => ({ id: { $ne: id } })) }),
  longIn: query({ id: { $in: ids(1001) } }),
  longHasAll: query({ 'collections.id': { $hasAll: ids(1001) } }),
  deep: query(JSON.parse(deepText(200)) as unknown),
}
const STOREFRONT = 'http://localhost:5173'
const CRLF_URL = `${STOREFRONT}/a\r\nSet-Cookie: x=1`

const BODIES: string[] = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"polluted":1}}',
  JSON.stringify(nested(300)),
  JSON.stringify({ query: { filter: { $where: 'sleep(1)' }, paging: { limit: -5, offset: 'x' } } }),
  JSON.stringify({ lineItems: [{ quantity: -1, catalogReference: null }], product: 'x' }),
  JSON.stringify({ id: 'a\u0000b', name: 'x'.repeat(20_000), price: 'NaN', ids: [null, {}, []] }),
  deepText(10_000),
  `{"cartInfo":{"contactInfo":{"address":{"city":${deepText(3_000)}}}}}`,
  ...Object.values(FILTERS),
  JSON.stringify({ ids: ids(1001), lineItems: ids(301).map((id) => ({ id, quantity: 1 })) }),
  JSON.stringify({ lineItems: [{ quantity: '0x10', catalogReference: { catalogItemId: 'x' } }] }),
  '{"name":"\\ud800","cartInfo":{"buyerNote":"\\udfff"}}',
  JSON.stringify({
    login: {},
    callbacks: { postFlowUrl: `${STOREFRONT}/€`, cartPageUrl: CRLF_URL },
  }),
  JSON.stringify({ url: `${STOREFRONT}/€\r\n`, redirectUri: CRLF_URL }),
  ...fc
    .sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 12, seed: 42 })
    .map((v) => JSON.stringify(v)),
]
const PARAMS = [
  'x',
  '%00',
  '..%2F..%2Fetc',
  'a'.repeat(400),
  "'%20OR%201%3D1%20--",
  '%F0%9F%92%A5',
  '%ZZ',
]
const R_VALUES = [
  '!!!',
  b64('not json'),
  b64('[1,2]'),
  b64('{"query":{"filter":"{bad"}}'),
  b64('{"query":{"paging":{"limit":1e309}}}'),
  b64(query({ $or: ids(101).map((id) => ({ id })) })),
  b64(FILTERS.deep),
  b64(deepText(1_000)),
]

function expand(url: string, param: string) {
  return url.replace(/:[A-Za-z_.]+/g, param).replace(/\*$/, param)
}

describe.each(DIALECTS)('bad input over every route (%s)', (dialect) => {
  let platform: TestPlatform
  let visitor: string
  const failures: string[] = []
  let sent = 0

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const res = await fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: platform.app.platform.config.clientId,
        grantType: 'anonymous',
      }),
    })
    visitor = ((await res.json()) as { access_token: string }).access_token
  })
  afterAll(() => platform?.close())

  async function send(
    method: string,
    path: string,
    body: string | undefined,
    auth: string | undefined,
  ) {
    sent++
    const headers: Record<string, string> = {}
    if (auth) headers.authorization = auth
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(platform.baseUrl + path, { method, headers, body })
    const text = await res.text()
    const where = `${method} ${path.slice(0, 120)} body=${(body ?? '').slice(0, 60)} auth=${auth ? 'yes' : 'no'}`
    if (res.status >= 500) failures.push(`${res.status} ${where}: ${text.slice(0, 200)}`)
    if (!res.headers.get('x-wix-request-id')) failures.push(`no X-Wix-Request-Id: ${where}`)
    if (res.status !== 200 && res.headers.get('content-type')?.includes('json')) {
      const parsed = JSON.parse(text) as { message?: unknown }
      if (typeof parsed.message !== 'string')
        failures.push(`no message: ${where}: ${text.slice(0, 200)}`)
    }
  }

  it('discovers the routes (the corpus covers them all)', () => {
    const routes = routesOf(platform)
    expect(routes.some((r) => r.method === 'POST' && r.url === '/oauth2/token')).toBe(true)
  })

  it('never answers 5xx, and always in the provider format', async () => {
    const routes = routesOf(platform).filter((r) => !r.url.includes('/stream'))
    let expected = 0
    for (const route of routes) {
      const bodyless = route.method === 'GET' || route.method === 'DELETE'
      expected += 3 * ((bodyless ? R_VALUES.length : BODIES.length) + PARAMS.length)
    }
    for (const route of routes) {
      for (const auth of [platform.adminKey, visitor, undefined]) {
        const path = expand(route.url, 'unknown-id')
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          for (const body of BODIES) await send(route.method, path, body, auth)
        } else {
          for (const r of R_VALUES) await send(route.method, `${path}?.r=${r}`, undefined, auth)
        }
        for (const param of PARAMS)
          await send(route.method, expand(route.url, param), undefined, auth)
      }
    }
    expect(sent).toBe(expected)
    expect(failures).toEqual([])
  }, 120_000)

  it('answers 400 to each hostile shape on the routes it concerns', async () => {
    const PRODUCTS = '/stores-reader/v1/products/query-platformized'
    const cases: [string, string, string, string | undefined][] = [
      ...Object.entries(FILTERS).flatMap(([name, body]): [string, string, string, string][] => [
        [name, 'POST', PRODUCTS, body],
        [name, 'POST', '/stores-reader/v1/variants/query', body],
        [name, 'POST', '/v2/collections/query', body],
      ]),
      ...R_VALUES.slice(-3).map((r): [string, string, string, undefined] => [
        'filter in .r',
        'GET',
        `${PRODUCTS}?.r=${r}`,
        undefined,
      ]),
      ['deep body', 'PATCH', '/ecom/v1/carts/current', BODIES.find((b) => b.includes('"city"'))!],
      ['deep body', 'POST', '/_api/redirects-api/v1/redirect-session', deepText(10_000)],
      [
        'hex quantity',
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        BODIES.find((b) => b.includes('0x10'))!,
      ],
      ['lone surrogate', 'PATCH', '/ecom/v1/carts/current', '{"cartInfo":{"buyerNote":"\\ud800"}}'],
      [
        'CR/LF URL',
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        JSON.stringify({ login: {}, callbacks: { postFlowUrl: CRLF_URL } }),
      ],
      [
        'CR/LF URL',
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        JSON.stringify({
          logout: { clientId: 'demo-storefront' },
          callbacks: { postFlowUrl: CRLF_URL },
        }),
      ],
    ]
    const answers = []
    for (const [name, method, path, body] of cases) {
      const response = await fetch(platform.baseUrl + path, {
        method,
        headers: { authorization: visitor, ...(body && { 'content-type': 'application/json' }) },
        body,
      })
      answers.push([name, path.split('?')[0], response.status])
    }
    expect(answers).toEqual(cases.map(([name, , path]) => [name, path.split('?')[0], 400]))
  })

  it('never takes a URL from a hostile Host header, and never answers it 5xx', async () => {
    const HOSTS = [
      'evil.test',
      'evil.test:8080',
      '[::1]:1',
      `${'x'.repeat(300)}.test`,
      'a@evil.test',
    ]
    const { port } = new URL(platform.baseUrl)
    const ask = (method: string, path: string, host: string, body?: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent: false,
            headers: {
              host,
              authorization: visitor,
              ...(body && { 'content-type': 'application/json' }),
            },
          },
          (response) => {
            let text = JSON.stringify(response.headers)
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => (text += chunk))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
          },
        )
        request.on('error', reject)
        request.end(body)
      })
    const seen: string[] = []
    const routes = routesOf(platform).filter((r) => !r.url.includes('/stream'))
    for (const host of HOSTS)
      for (const route of routes) {
        const body =
          route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"login":{}}'
        const { status, text } = await ask(
          route.method,
          expand(route.url, 'unknown-id'),
          host,
          body,
        )
        if (status >= 500 || text.includes('evil.test') || text.includes('xxxxx'))
          seen.push(`${status} ${route.method} ${route.url} Host: ${host.slice(0, 40)}`)
      }
    // The hosted pages a session leads to are on the platform's own address.
    const { text } = await ask(
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      'evil.test',
      '{"login":{}}',
    )
    expect(text).toContain(`"fullUrl":"${platform.baseUrl}/_vitrine/login?session=`)
    expect(seen).toEqual([])
  }, 120_000)
})
