import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'

/*
 * A generated corpus of malformed input over EVERY route the platform serves (discovered at run
 * time, so new modules are covered as they land): broken and mistyped JSON bodies, hostile path
 * parameters and `.r` values, with an elevated, a visitor and no token. The platform must never
 * answer 5xx to any of it, and must always answer in the provider's error format.
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
})
