/** The four kinds of failure of SPEC §8. */
export type ApiErrorKind = 'validation' | 'application' | 'client' | 'system'

/** One invalid field of a request, as the server reports it. */
export interface FieldViolation {
  field: string
  description: string
  ruleName?: string
  data?: Record<string, unknown>
  [key: string]: unknown
}

/** What an {@link ApiError} is made of. */
export interface ApiErrorInit {
  kind: ApiErrorKind
  message: string
  code: string
  status: number
  description?: string
  details?: Record<string, unknown>
  fieldViolations?: FieldViolation[]
  data?: unknown
  requestId?: string
  retryAfter?: number
  cause?: unknown
}

/**
 * Every failed call rejects with an `ApiError`. Its `message` is the provider's (SPEC §8):
 * `INVALID_ARGUMENT: "field" description` for validation errors, the server's message for
 * application errors, the status text for other 4xx, and `System error occurred` otherwise.
 *
 * @example
 * try { await client.currentCart.getCurrentCart() }
 * catch (error) { if (isApiError(error) && error.status === 404) showEmptyCart() }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError' as const
  declare readonly kind: ApiErrorKind
  /**
   * `INVALID_ARGUMENT`, the application error's code (e.g. `-19995`), `NOT_FOUND`, … or
   * `TOKENS_UNAVAILABLE`: the call was not sent because no tokens could be had for a passing
   * reason (network, timeout, 429, 5xx); the session is kept and the call may be repeated as is.
   */
  declare readonly code: string
  /** HTTP status; 0 when no response arrived. */
  declare readonly status: number
  declare readonly description?: string
  /**
   * The server's `details` as the official client gives them: with `requestId`, and with an
   * `applicationError` on every error but a validation error — the server's, else
   * `{description, code: <the HTTP status>, data}`.
   */
  declare readonly details?: Record<string, unknown>
  /** Validation errors: the violations, sorted by field name. */
  declare readonly fieldViolations?: FieldViolation[]
  /** Application errors: the error's `data`. */
  declare readonly data?: unknown
  /** The `X-Wix-Request-Id` of the response, for support. */
  declare readonly requestId?: string
  /** Seconds the server asked to wait before trying again (`Retry-After` of a 429 or 503). */
  declare readonly retryAfter?: number

  constructor({ message, cause, ...fields }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause })
    Object.assign(this, fields)
  }
}

/** The `code` of an {@link ApiError} of a call that was not sent for want of tokens; see there. */
export const TOKENS_UNAVAILABLE = 'TOKENS_UNAVAILABLE'

/** True for an {@link ApiError}, also one from another realm (iframe, worker, bundle copy). */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as Error).name === 'ApiError'
}
