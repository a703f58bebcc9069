/** The rule a field broke (the provider's `violatedRule` values). */
export type RuleType =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'

/** One invalid field: `field` is its path in the request, e.g. `lineItems[0].quantity`. */
export interface FieldViolation {
  field: string
  description: string
  violatedRule: RuleType
  ruleName?: string
  data?: Record<string, unknown>
}

/** The violation of `field`: it broke `violatedRule`, as `description` says. */
export const violation = (
  field: string,
  description: string,
  violatedRule: RuleType = 'VALIDATION',
  data?: Record<string, unknown>,
): FieldViolation => ({ field, description, violatedRule, ...(data && { data }) })

/** A business-rule failure: `code` is what clients branch on (e.g. `-19995`, `INVALID_GRANT`). */
export interface ApplicationError {
  description: string
  code: string
  data: Record<string, unknown>
}

/** The provider's error body: `message` plus at most one kind of detail. */
export interface ErrorBody {
  message: string
  details:
    | { validationError: { fieldViolations: FieldViolation[] } }
    | { applicationError: ApplicationError }
    | Record<string, never>
}

/** What {@link PlatformError} takes besides status and message. */
export type ErrorDetails =
  | { applicationError: ApplicationError; fieldViolations?: undefined }
  | { fieldViolations: FieldViolation[]; applicationError?: undefined }

/**
 * Every failure a route reports: thrown anywhere, rendered by the one error handler as the
 * provider's body (`{message, details}`) with its status. Prefer the factories.
 *
 * @example
 * throw PlatformError.invalid('lineItems[0].quantity', 'must be at least 1', 'MIN')
 * throw PlatformError.application(400, 'INVALID_COUPON', 'Coupon "X" does not exist')
 * throw PlatformError.notFound('Product "p1" not found')
 */
export class PlatformError extends Error {
  override readonly name = 'PlatformError'
  readonly status: number
  readonly applicationError?: ApplicationError
  readonly fieldViolations?: FieldViolation[]

  constructor(status: number, message: string, details?: ErrorDetails) {
    super(message)
    this.status = status
    this.applicationError = details?.applicationError
    this.fieldViolations = details?.fieldViolations
  }

  /** The response body. */
  toBody(): ErrorBody {
    if (this.fieldViolations)
      return {
        message: this.message,
        details: { validationError: { fieldViolations: this.fieldViolations } },
      }
    if (this.applicationError)
      return { message: this.message, details: { applicationError: this.applicationError } }
    return { message: this.message, details: {} }
  }

  /** 400 with field violations; the message lists them as the provider does. */
  static validation(fieldViolations: FieldViolation[]): PlatformError {
    const list = fieldViolations.map((v) => `"${v.field}" ${v.description}`).join(', ')
    return new PlatformError(400, `INVALID_ARGUMENT: ${list}`, { fieldViolations })
  }

  /** 400 for one invalid field. */
  static invalid(
    field: string,
    description: string,
    violatedRule: RuleType = 'VALIDATION',
    data?: Record<string, unknown>,
  ): PlatformError {
    return PlatformError.validation([violation(field, description, violatedRule, data)])
  }

  /** A business-rule failure (`details.applicationError`); the message is the description. */
  static application(
    status: number,
    code: string,
    description: string,
    data: Record<string, unknown> = {},
  ): PlatformError {
    return new PlatformError(status, description, { applicationError: { code, description, data } })
  }

  /** 401: no credentials, or credentials that are unknown, expired or revoked. */
  static unauthorized(message: string): PlatformError {
    return new PlatformError(401, message)
  }

  /** 403: valid credentials that may not make this call. */
  static forbidden(message: string): PlatformError {
    return new PlatformError(403, message)
  }

  /** 404: an unknown route or id. */
  static notFound(message: string): PlatformError {
    return new PlatformError(404, message)
  }
}
