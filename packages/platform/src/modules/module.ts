import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../context.js'

/**
 * A service of the platform (oauth, catalog, cart, redirects, identity, events), in
 * `modules/<service>/`: `routes.ts` (HTTP: schemas, guards, status), `service.ts` (the work, on
 * the database), `schema.ts` (JSON schemas and wire types), `index.ts` (this object), tests
 * beside them. List it in `modules/index.ts`.
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
  routes(app: FastifyInstance, ctx: PlatformContext): void | Promise<void>
}
