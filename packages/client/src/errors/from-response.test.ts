import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApiError, isApiError } from './api-error.js'
import { errorFromResponse, toApiError } from './from-response.js'

describe('toApiError (SPEC §8)', () => {
  it('validation: violations sorted by field, combined as INVALID_ARGUMENT: "field" description', () => {
    const error = toApiError(400, 'Bad Request', {
      message: 'invalid',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'lineItems', description: 'must not be empty' },
            { field: 'couponCode', description: 'is too long' },
          ],
        },
      },
    })
    expect(error.kind).toBe('validation')
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "couponCode" is too long, "lineItems" must not be empty',
    )
    expect(error.fieldViolations?.map((v) => v.field)).toEqual(['couponCode', 'lineItems'])
  })

  it('application: the server message, plus the description when it differs', () => {
    const body = (description: string) => ({
      message: 'Coupon not found',
      details: { applicationError: { description, code: 'COUPON_NOT_FOUND', data: { code: 'X' } } },
    })
    expect(toApiError(400, '', body('No such coupon')).message).toBe(
      'Coupon not found: No such coupon',
    )
    const same = toApiError(400, '', body('Coupon not found'))
    expect(same).toMatchObject({
      kind: 'application',
      code: 'COUPON_NOT_FOUND',
      message: 'Coupon not found',
    })
    expect(same.data).toEqual({ code: 'X' })
  })

  it('application codes are strings, also when the server sends a number', () => {
    const error = toApiError(409, '', { details: { applicationError: { code: -19995 } } })
    expect(error.code).toBe('-19995')
  })

  it('other 4xx: the status text is the description and the code its upper-snake form', () => {
    const error = toApiError(403, 'Forbidden', {
      message: 'Catalog writes need a merchant identity',
    })
    expect(error).toMatchObject({
      kind: 'client',
      code: 'FORBIDDEN',
      description: 'Forbidden',
      status: 403,
    })
    expect(error.message).toBe('Catalog writes need a merchant identity')
    expect(toApiError(429, 'Too Many Requests', undefined).code).toBe('TOO_MANY_REQUESTS')
    expect(toApiError(404, '', undefined).message).toBe('HTTP 404')
  })

  it('gives details as the official client does: a check written for it holds', () => {
    // @wix/sdk 1.21.16 (build/rest-modules.js, errorBuilder) puts an applicationError of the
    // status on every non-200 answer but a validation error, under the server's own details.
    const bare = { message: 'Collection not found' }
    expect(toApiError(404, 'Not Found', bare, 'r-1').details).toEqual({
      applicationError: {
        description: 'Collection not found',
        code: 404,
        data: { requestId: 'r-1', details: bare },
      },
      requestId: 'r-1',
    })
    expect(toApiError(500, 'Internal Server Error', {}).details?.applicationError).toMatchObject({
      code: 500,
      description: 'Internal Server Error',
    })
    const app = { code: 'COUPON_NOT_FOUND', description: 'No such coupon', data: {} }
    expect(toApiError(400, '', { details: { applicationError: app } }).details).toEqual({
      applicationError: app,
      requestId: undefined,
    })
    const validationError = { fieldViolations: [{ field: 'slug', description: 'is too long' }] }
    expect(toApiError(400, '', { details: { validationError } }, 'r-2').details).toEqual({
      validationError,
      requestId: 'r-2',
    })
  })

  it('anything else: System error occurred, with the request id when there is one', () => {
    expect(toApiError(500, 'Internal Server Error', {}, 'r-9').message).toBe(
      'System error occurred, request-id: r-9',
    )
    expect(toApiError(502, '', 'not json').message).toBe('System error occurred')
  })

  it('reads fields of unexpected types as absent, even objects that cannot become text', () => {
    const hostile = { toString: [] }
    const error = toApiError(400, '', { message: hostile, details: {} })
    expect(error).toMatchObject({ kind: 'client', code: 'HTTP_400', message: 'HTTP 400' })
    const app = toApiError(409, 'Conflict', {
      message: 7,
      details: { applicationError: { description: hostile, code: hostile, data: 1 } },
    })
    expect(app).toMatchObject({ kind: 'application', code: '', message: '7', data: 1 })
    const invalid = toApiError(400, '', {
      details: {
        validationError: { fieldViolations: [null, 'x', { field: hostile }, { field: 'b' }] },
      },
    })
    expect(invalid.message).toBe('INVALID_ARGUMENT: "" , "b" ')
    expect(invalid.fieldViolations!.map((v) => v.field)).toEqual(['', 'b'])
  })

  it('is total: any status and body give an ApiError, never a TypeError', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.string(),
        fc.oneof(
          fc.anything(),
          fc.record({ message: fc.anything(), details: fc.anything() }),
          fc.record({
            message: fc.anything(),
            details: fc.record({
              validationError: fc.record({ fieldViolations: fc.array(fc.anything()) }),
              applicationError: fc.dictionary(
                fc.constantFrom('description', 'code', 'data'),
                fc.anything(),
              ),
            }),
          }),
        ),
        fc.option(fc.string(), { nil: undefined }),
        (status, statusText, body, requestId) => {
          const error = toApiError(status, statusText, body, requestId)
          expect(error).toBeInstanceOf(ApiError)
          expect(typeof error.message).toBe('string')
          expect(['validation', 'application', 'client', 'system']).toContain(error.kind)
        },
      ),
    )
  })

  it('maps every well-formed violation list to a message naming each field in sorted order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ field: fc.string({ minLength: 1 }), description: fc.string() }), {
          minLength: 1,
        }),
        (violations) => {
          const error = toApiError(400, '', {
            details: { validationError: { fieldViolations: violations } },
          })
          const fields = error.fieldViolations!.map((v) => v.field)
          expect(fields).toEqual([...fields].sort())
          expect(error.message.startsWith('INVALID_ARGUMENT: ')).toBe(true)
          for (const v of violations)
            expect(error.message).toContain(`"${v.field}" ${v.description}`)
        },
      ),
    )
  })
})

describe('errorFromResponse', () => {
  const answer = (headers: Record<string, string>) =>
    errorFromResponse(new Response('{}', { status: 429, headers }))

  it('reads Retry-After, in seconds or as an HTTP date, into retryAfter seconds', async () => {
    expect(await answer({ 'retry-after': '30' })).toMatchObject({ status: 429, retryAfter: 30 })
    const date = new Date(Date.now() + 90_000).toUTCString()
    const inSeconds = (await answer({ 'retry-after': date })).retryAfter!
    expect(inSeconds > 80 && inSeconds <= 90).toBe(true)
    expect((await answer({ 'retry-after': 'soon' })).retryAfter).toBeUndefined()
    expect((await answer({})).retryAfter).toBeUndefined()
  })
})

describe('isApiError', () => {
  it('recognises ApiErrors by name, so it works across realms', () => {
    expect(isApiError(toApiError(404, 'Not Found', {}))).toBe(true)
    expect(isApiError({ name: 'ApiError', message: 'from another realm' })).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError(null)).toBe(false)
    expect(isApiError('ApiError')).toBe(false)
  })
})
