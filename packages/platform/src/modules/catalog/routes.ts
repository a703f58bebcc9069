import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { readerRoutes } from './reader-routes.js'
import { writerRoutes } from './writer-routes.js'

/** Every route of the Stores v1 catalog: the reader (§3) and the writer (§4). */
export function catalogRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  readerRoutes(app, ctx)
  writerRoutes(app, ctx)
}
