import { ApiError, type FieldViolation } from './api-error.js'

interface ErrorBody {
  message?: string
  details?: {
    validationError?: { fieldViolations?: FieldViolation[] }
    applicationError?: { description?: string; code?: string | number; data?: unknown }
    [key: string]: unknown
  }
}

const upperSnake = (text: string) =>
  text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()

/**
 * The single place that turns a failed response into an {@link ApiError} (SPEC §8). Total: any
 * body, even one without the expected fields, gives an error, never a TypeError.
 */
export function toApiError(
  status: number,
  statusText: string,
  body: unknown,
  requestId?: string,
): ApiError {
  const { message, details } = (body && typeof body === 'object' ? body : {}) as ErrorBody
  const base = { status, details, requestId }
  const violations = details?.validationError?.fieldViolations
  if (Array.isArray(violations) && violations.length) {
    const sorted = [...violations].sort((a, b) =>
      String(a.field) < String(b.field) ? -1 : String(a.field) > String(b.field) ? 1 : 0,
    )
    return new ApiError({
      ...base,
      kind: 'validation',
      code: 'INVALID_ARGUMENT',
      message: `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`,
      fieldViolations: sorted,
    })
  }
  const app = details?.applicationError
  if (app && typeof app === 'object') {
    const { description, code, data } = app
    const text = message || description || 'Application error'
    return new ApiError({
      ...base,
      kind: 'application',
      code: String(code ?? ''),
      message: description && description !== text ? `${text}: ${description}` : text,
      description,
      data,
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
  return systemError(status, requestId, details)
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

/** Reads a non-200 response into an {@link ApiError}. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined)
  const requestId = response.headers.get('x-wix-request-id') ?? undefined
  return toApiError(response.status, response.statusText, body, requestId)
}
