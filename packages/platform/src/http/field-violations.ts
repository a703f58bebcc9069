import type { FastifySchemaValidationError } from 'fastify'
import type { FieldViolation, RuleType } from './platform-error.js'

const RULES: Record<string, RuleType> = {
  required: 'REQUIRED_FIELD',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minLength: 'MIN_LENGTH',
  maxLength: 'MAX_LENGTH',
  minItems: 'MIN_SIZE',
  maxItems: 'MAX_SIZE',
  minProperties: 'MIN_SIZE',
  maxProperties: 'MAX_SIZE',
  pattern: 'FORMAT',
  format: 'FORMAT',
  oneOf: 'ONE_OF_ALIGNMENT',
  anyOf: 'ONE_OF_ALIGNMENT',
  type: 'VALIDATION',
}

/** `/lineItems/0/quantity` (a JSON pointer) → `lineItems[0].quantity`. */
export function fieldPath(pointer: string, last?: string): string {
  const segments = pointer.split('/').slice(1)
  if (last !== undefined) segments.push(last)
  return segments
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
      '',
    )
}

/** What a violation of these keywords says; another says Ajv's message. */
const DESCRIPTIONS: Record<string, string> = {
  required: 'is required',
  additionalProperties: 'is not allowed',
}

const describe = (error: FastifySchemaValidationError, params: Record<string, unknown>): string =>
  error.keyword === 'enum'
    ? `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
    : (DESCRIPTIONS[error.keyword] ?? error.message ?? 'is invalid')

/**
 * Fastify's schema-validation errors as the provider's field violations. `field` is the path in
 * the validated part (`lineItems[0].quantity`, `query.paging.limit`); an error on the part
 * itself is reported on `context` (`body`, `querystring`, `params`).
 */
export function toFieldViolations(
  errors: FastifySchemaValidationError[],
  context = 'body',
): FieldViolation[] {
  const seen = new Set<string>()
  const violations: FieldViolation[] = []
  for (const error of errors) {
    const params = error.params as Record<string, unknown>
    const property = (params.missingProperty ?? params.additionalProperty) as string | undefined
    const field = fieldPath(error.instancePath, property) || context
    const description = describe(error, params)
    if (seen.has(field + '\0' + description)) continue
    seen.add(field + '\0' + description)
    const data =
      error.keyword === 'enum'
        ? { allowedValues: params.allowedValues }
        : 'limit' in params
          ? { threshold: params.limit }
          : undefined
    violations.push({
      field,
      description,
      violatedRule: RULES[error.keyword] ?? 'OTHER',
      ...(data && { data }),
    })
  }
  return violations
}
