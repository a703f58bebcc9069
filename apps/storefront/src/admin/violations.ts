import { isApiError } from '@vitrine/client'

/** Error messages by form field id. */
export type FieldErrors = Record<string, string>

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The field violations of a failed save, keyed by the form field each one concerns. `toField`
 * maps a request path (`product.priceData.price`) to a field id (`price`), or to `undefined` when
 * the form has no such field; those violations land in `other`, as `path: description`.
 */
export function violationsOf(
  error: unknown,
  toField: (path: string) => string | undefined,
): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {}
  const other: string[] = []
  if (!isApiError(error)) return { fields, other }
  for (const violation of error.fieldViolations ?? []) {
    const field = toField(violation.field)
    const description = sentence(violation.description)
    if (field === undefined) other.push(`${violation.field}: ${violation.description}`)
    else fields[field] ??= description
  }
  return { fields, other }
}

/** True when there is at least one error. */
export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0
