import { isJsonObject } from '../codec/json-object.js'
import { retryAfterMs } from '../http/retry.js'
import { ApiError, type FieldViolation } from './api-error.js'

const upperSnake = (words: string) =>
  words
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()

/** `value` when it is a JSON object, else undefined: a body is read, never trusted. */
const record = (value: unknown): Record<string, unknown> | undefined =>
  isJsonObject(value) ? value : undefined

/** `value` as text when it is a string or number, else undefined. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined

/** The well-formed violations of a list (objects), with text `field` and `description`. */
const violationsOf = (list: unknown): FieldViolation[] =>
  Array.isArray(list)
    ? list.flatMap((item) => {
        const violation = record(item)
        if (!violation) return []
        const field = text(violation.field) ?? ''
        return [{ ...violation, field, description: text(violation.description) ?? '' }]
      })
    : []

/**
 * The single place that turns a failed response into an {@link ApiError} (SPEC §8). Total: any
 * body, even one without the expected fields or with fields of other types, gives an error,
 * never a TypeError.
 */
export function toApiError(
  status: number,
  statusText: string,
  body: unknown,
  requestId?: string,
): ApiError {
  const message = text(record(body)?.message)
  const details = record(record(body)?.details)
  // `details` as the official client gives them, so that checks written for it hold: with the
  // request id, and an `applicationError` on every error but a validation error (the server's,
  // else one of the HTTP status: `code` 404, the message, and the whole answer as `data`).
  const base = {
    status,
    requestId,
    details: {
      ...(!details?.validationError && {
        applicationError: {
          description: message ?? statusText,
          code: status,
          data: { requestId, details: body },
        },
      }),
      ...details,
      requestId,
    },
  }
  const violations = violationsOf(record(details?.validationError)?.fieldViolations)
  if (violations.length) {
    const sorted = violations.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
    return new ApiError({
      ...base,
      kind: 'validation',
      code: 'INVALID_ARGUMENT',
      message: `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`,
      fieldViolations: sorted,
    })
  }
  const app = record(details?.applicationError)
  if (app) {
    const description = text(app.description)
    const summary = message || description || 'Application error'
    return new ApiError({
      ...base,
      kind: 'application',
      code: text(app.code) ?? '',
      message: description && description !== summary ? `${summary}: ${description}` : summary,
      description,
      data: app.data,
    })
  }
  if (status >= 400 && status < 500) {
    const description = statusText || `HTTP ${status}`
    return new ApiError({
      ...base,
      kind: 'client',
      code: upperSnake(description),
      message: message || description,
      description,
    })
  }
  return systemError(status, requestId, base.details)
}

/** `System error occurred[, request-id: …]`: a 5xx, a non-JSON answer or no answer at all. */
export function systemError(
  status: number,
  requestId?: string,
  details?: Record<string, unknown>,
  cause?: unknown,
): ApiError {
  return new ApiError({
    kind: 'system',
    code: 'SYSTEM_ERROR',
    status,
    details,
    requestId,
    cause,
    message: 'System error occurred' + (requestId ? `, request-id: ${requestId}` : ''),
  })
}

/** Reads a non-200 response into an {@link ApiError}, with its `Retry-After` in seconds. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined)
  const requestId = response.headers.get('x-wix-request-id') ?? undefined
  const error = toApiError(response.status, response.statusText, body, requestId)
  const wait = retryAfterMs(response.headers.get('retry-after'))
  if (wait === undefined) return error
  return new ApiError({ ...error, message: error.message, retryAfter: Math.ceil(wait / 1000) })
}
