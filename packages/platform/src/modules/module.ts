import type { PlatformContext } from '../context.js'
import type { SchemaApp } from '../http/schema.js'

/**
 * A module of the platform (a service such as oauth, catalog, cart, redirects, identity, events,
 * media; or pages: hosted-pages, checkout-page), in `modules/<name>/`. Its front door,
 * `index.ts`, exports this object and the few functions and types other modules may call; they
 * import nothing else of it. List it in `modules/index.ts`.
 */
export interface PlatformModule {
  /** The service's name, e.g. `catalog`. */
  name: string
  /**
   * Registers the module's routes on `app`, a Fastify scope of its own (hooks added here stay in
   * the module). The platform's hooks have already run for every request: request id, CORS,
   * `.r` decoding, and the caller (`requireIdentity(request)`, `requireElevated(request)`).
   * Errors are thrown (`PlatformError`, or a schema's validation error), never written here.
   */
  routes(app: SchemaApp, ctx: PlatformContext): void | Promise<void>
}
