import { createClient, ElevatedClientRequiredError, products, toApiError } from '@vitrine/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeError } from './errors.js'

const application = (status: number, code: string, description: string, data = {}) =>
  toApiError(status, '', {
    message: description,
    details: { applicationError: { code, description, data } },
  })

afterEach(() => vi.restoreAllMocks())

describe('describeError', () => {
  it('words the login and registration codes, as ApiErrors and as LoginResults', () => {
    expect(
      describeError(application(401, '-19976', 'The e-mail or the password is incorrect')),
    ).toBe('The e-mail or the password is incorrect.')
    expect(describeError({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' })).toBe(
      'An account with this e-mail already exists. Log in instead.',
    )
    expect(describeError('resetPassword')).toBe(
      'This account has no password yet. Reset your password to set one.',
    )
    expect(describeError({ loginState: 'FAILURE', errorCode: 'missingCaptchaToken' })).toBe(
      'Please confirm that you are not a robot.',
    )
  })

  it('words verification codes with the attempts left, and expired ones', () => {
    const wrong = application(
      400,
      'INVALID_VERIFICATION_CODE',
      'The verification code is not correct',
      { attemptsLeft: 2 },
    )
    expect(describeError(wrong)).toBe('That code is not correct. 2 attempts left.')
    expect(describeError(application(400, 'VERIFICATION_CODE_EXPIRED', 'expired'))).toBe(
      'That code is no longer valid. Ask for a new one.',
    )
  })

  it('tells how long to wait when rate-limited', () => {
    const limited = application(
      429,
      'RESOURCE_EXHAUSTED',
      'Too many attempts: try again in 840 seconds',
      {
        retryAfterSeconds: 840,
      },
    )
    expect(describeError(limited)).toBe('Too many attempts. Try again in 14 minutes.')
    expect(
      describeError(application(429, 'RESOURCE_EXHAUSTED', 'x', { retryAfterSeconds: 1 })),
    ).toBe('Too many attempts. Try again in 1 second.')
    expect(describeError(toApiError(429, 'Too Many Requests', {}))).toBe(
      'Too many attempts. Try again in a few minutes.',
    )
  })

  it('words cart and coupon codes, and passes other application errors’ descriptions on', () => {
    expect(
      describeError(application(400, 'COUPON_HAS_EXPIRED', 'x', { couponCode: 'SPRING' })),
    ).toBe('The coupon “SPRING” has expired.')
    expect(describeError(application(404, 'OWNED_CART_NOT_FOUND', 'Cart not found'))).toBe(
      'Your cart is empty.',
    )
    expect(
      describeError(
        application(
          400,
          'COUPON_MINIMUM_SUBTOTAL_NOT_REACHED',
          'Coupon "WELCOME5" needs a subtotal of at least $30.00',
        ),
      ),
    ).toBe('Coupon "WELCOME5" needs a subtotal of at least $30.00')
  })

  it('lists the fields of a validation error', () => {
    const invalid = toApiError(400, 'Bad Request', {
      details: {
        validationError: {
          fieldViolations: [
            { field: 'lineItems[0].quantity', description: 'must be at least 1' },
            { field: 'loginId.email', description: 'must be an e-mail address' },
          ],
        },
      },
    })
    expect(describeError(invalid)).toBe(
      'Please check what you entered: quantity must be at least 1; email must be an e-mail address.',
    )
  })

  it('words the other client errors by status', () => {
    expect(describeError(toApiError(401, 'Unauthorized', {}))).toBe(
      'Your session has ended. Please log in again.',
    )
    expect(describeError(toApiError(403, 'Forbidden', {}))).toBe('You are not allowed to do that.')
    expect(describeError(toApiError(404, 'Not Found', {}))).toBe(
      'We could not find what you were looking for.',
    )
    expect(describeError(toApiError(409, 'Conflict', {}))).toBe(
      'This was changed meanwhile. Refresh and try again.',
    )
  })

  it('blames the server for a 5xx, with the request id for support', () => {
    expect(describeError(toApiError(500, 'Internal Server Error', {}, 'req-42'))).toBe(
      'Something went wrong on our side. Please try again in a moment. (Reference: req-42)',
    )
  })

  it('tells an unreachable shop from being offline', async () => {
    // Nothing listens on port 9 of 127.0.0.1: a real failed connection.
    const client = createClient({
      modules: { products },
      baseUrl: 'http://127.0.0.1:9',
      retry: { limit: 0 },
    })
    const error = await client.products.getProduct('p1').catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ApiError', kind: 'system', status: 0 })
    expect(describeError(error)).toBe(
      'The shop cannot be reached right now. Check your connection and try again.',
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(describeError(error)).toBe(
      'You seem to be offline. Check your connection and try again.',
    )
  })

  it('words timeouts, sign-in frame failures and a missing admin key', () => {
    expect(describeError(new DOMException('timed out', 'TimeoutError'))).toBe(
      'The shop took too long to answer. Please try again.',
    )
    expect(describeError(new Error('OAuth flow timed out'))).toBe(
      'Signing in took too long. Please try again.',
    )
    expect(describeError(new ElevatedClientRequiredError())).toBe(
      'This needs the shop’s admin key. Sign in to the console again.',
    )
    expect(describeError(undefined)).toBe('Something went wrong. Please try again.')
  })

  it('reads a rate limit or an unknown failure out of a LoginResult', () => {
    expect(
      describeError({
        loginState: 'FAILURE',
        errorCode: 'invalidEmail',
        error: 'Too many attempts: try again later: Too many attempts: try again in 90 seconds',
      }),
    ).toBe('Too many attempts. Try again in 2 minutes.')
    expect(
      describeError({ loginState: 'FAILURE', error: 'The verification code is not correct' }),
    ).toBe('The verification code is not correct')
  })
})
