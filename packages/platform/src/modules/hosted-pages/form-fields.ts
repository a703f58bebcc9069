/**
 * The fields `names` of a posted hosted form (a body parsed by `installFormBody`): strings only,
 * anything else left out.
 */
export function formFields<Name extends string>(
  body: unknown,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const fields: Partial<Record<Name, string>> = {}
  if (body && typeof body === 'object')
    for (const name of names) {
      const value = (body as Record<string, unknown>)[name]
      if (typeof value === 'string') fields[name] = value
    }
  return fields
}
