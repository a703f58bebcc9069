import type { Module } from '../client/create-client.js'

/**
 * A call of an elevated module (such as `catalogWriter`) was made through a client whose auth
 * strategy is not elevated. No request was sent.
 */
export class ElevatedClientRequiredError extends Error {
  override readonly name = 'ElevatedClientRequiredError' as const

  constructor() {
    super(
      'This call needs an elevated client: create it with ApiKeyStrategy({ apiKey }) (catalog writes are administrative).',
    )
  }
}

/**
 * Marks every operation of `module` as elevated: through a client whose auth strategy lacks
 * `elevated: true`, each call rejects with {@link ElevatedClientRequiredError} before any request.
 */
export function elevated<M extends Module>(module: M): M {
  const guarded: Module = {}
  for (const [name, operation] of Object.entries(module)) {
    guarded[name] = (http) => {
      const call = operation(http)
      return (...args: unknown[]) =>
        http.auth?.elevated ? call(...args) : Promise.reject(new ElevatedClientRequiredError())
    }
  }
  return guarded as M
}
