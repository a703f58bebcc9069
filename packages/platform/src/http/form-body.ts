import type { FastifyInstance } from 'fastify'

/**
 * HTML form bodies (`application/x-www-form-urlencoded`, at most 16 KiB) as a plain object of
 * strings, for the scope `app` of a hosted page's routes (a repeated name keeps its last value).
 */
export function installFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
}

/**
 * The fields `names` of a posted form (a body parsed by `installFormBody`): strings only,
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
