import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch, type Recorded } from '../test-support/spy-fetch.js'
import { ApiKeyStrategy } from './api-key-strategy.js'
import { tokenInfo } from './token-info.js'

type Reply = { status?: number; body?: unknown; statusText?: string }

const LIVE = {
  active: true,
  subjectType: 'VISITOR',
  subjectId: 'v1',
  exp: '1767225600',
  iat: '1767211200',
  clientId: 'shop-client',
  siteId: 's1',
  instanceId: 'i1',
}

/** A server's elevated client with the tokenInfo module, over a spy `fetch`. */
function setup(responder: (request: Recorded) => Reply = () => ({ body: LIVE })) {
  const spy = spyFetch(responder)
  const client = createClient({
    modules: { tokenInfo },
    auth: ApiKeyStrategy({ apiKey: 'API-KEY' }),
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, client }
}

describe('tokenInfo: requests (wire contract §5.1, "Other strategies")', () => {
  it('getTokenInfo: POST /oauth2/token-info with {token}, and no auth headers', async () => {
    const { spy, client } = setup()
    await client.tokenInfo.getTokenInfo({ token: 'SHOPPER-TOKEN' })
    expect(spy.requests).toHaveLength(1)
    expect(spy.last).toMatchObject({ method: 'POST', path: '/oauth2/token-info', query: {} })
    expect(JSON.stringify(spy.last.body)).toBe('{"token":"SHOPPER-TOKEN"}')
    // The token is the body: the client's API key is not sent along.
    expect(spy.last.headers).toEqual({ 'content-type': 'application/json' })
  })

  it("sends a call's own headers", async () => {
    const { spy, client } = setup()
    await client.tokenInfo.getTokenInfo({ token: 't' }, { headers: { 'x-trace': '1' } })
    expect(spy.last.headers).toEqual({ 'content-type': 'application/json', 'x-trace': '1' })
  })
})

describe('tokenInfo: answers', () => {
  it('resolves with the whole answer of a live token, exp and iat as the int64 strings of the wire', async () => {
    const { client } = setup()
    expect(await client.tokenInfo.getTokenInfo({ token: 't' })).toEqual(LIVE)
  })

  it('fills in what the wire leaves out at its default: active false, subjectType UNKNOWN', async () => {
    for (const body of [{ active: false }, {}]) {
      const { client } = setup(() => ({ body }))
      expect(await client.tokenInfo.getTokenInfo({ token: 'dead' })).toEqual({
        active: false,
        subjectType: 'UNKNOWN',
      })
    }
  })

  it('rejects a refused request (a body without a token) with a validation ApiError', async () => {
    const { client } = setup(() => ({
      status: 400,
      statusText: 'Bad Request',
      body: {
        message: 'token is required',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'token', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
            ],
          },
        },
      },
    }))
    await expect(client.tokenInfo.getTokenInfo({ token: '' })).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'validation',
      status: 400,
      fieldViolations: [{ field: 'token' }],
    })
  })
})
