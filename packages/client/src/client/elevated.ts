import type { Http } from '../http/pipeline.js'
import type { Module } from './create-client.js'

/**
 * A call of an elevated module (such as `catalogWriter` or `orders`) was made through a client whose auth
 * strategy is not elevated. No request was sent.
 */
export class ElevatedClientRequiredError extends Error {
  override readonly name = 'ElevatedClientRequiredError' as const

  constructor() {
    super(
      'This call needs an elevated client: create it with ApiKeyStrategy({ apiKey }) (catalog writes and order reads are administrative).',
    )
  }
}

/**
 * Marks every operation of `module` as elevated: through a client whose auth strategy lacks
 * `elevated: true`, each request it would send rejects with {@link ElevatedClientRequiredError}
 * instead. The guard sits on the pipeline, not on the functions, so that a function that returns a
 * builder (`searchOrders()`) still returns one, whose `find()` rejects.
 */
export function elevated<M extends Module>(module: M): M {
  const guarded: Module = {}
  for (const [name, operation] of Object.entries(module)) {
    // Its enumerations (`orders.ChannelType`) as they are.
    guarded[name] =
      typeof operation != 'function'
        ? operation
        : (http) =>
            operation({
              ...http,
              call: ((...args: Parameters<Http['call']>) =>
                http.auth?.elevated
                  ? http.call(...args)
                  : Promise.reject(new ElevatedClientRequiredError())) as Http['call'],
            })
  }
  return guarded as M
}
