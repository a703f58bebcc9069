import type { FastifyInstance } from 'fastify'
import { requireElevated, requireIdentity } from '../auth/guards.js'
import { queryRoute } from '../http/query-route.js'

/**
 * Routes that exercise the platform's extension points the way a module uses them, for tests of
 * the foundation before any module has routes of its own. Pass to `startPlatform` as `extend`.
 */
export function registerProbes(app: FastifyInstance): void {
  app.get('/_probe/whoami', async (request) => {
    const { id, type, via } = requireIdentity(request)
    return { id, type, via }
  })
  app.post('/_probe/elevated', async (request) => {
    const { id, type, via } = requireElevated(request)
    return { id, type, via }
  })
  queryRoute(app, {
    url: '/_probe/items/:id/query',
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        query: {
          type: 'object',
          properties: {
            filter: { type: 'object' },
            paging: {
              type: 'object',
              properties: { limit: { type: 'integer', maximum: 100 }, offset: { type: 'integer' } },
            },
          },
        },
      },
    },
    handler: (payload, request) => ({
      method: request.method,
      path: (request.params as { id: string }).id,
      payload,
    }),
  })
  app.post(
    '/_probe/validate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['lineItems'],
          properties: {
            lineItems: {
              type: 'array',
              items: {
                type: 'object',
                required: ['quantity'],
                properties: {
                  quantity: { type: 'integer', minimum: 1 },
                  kind: { type: 'string', enum: ['PHYSICAL', 'DIGITAL'] },
                },
              },
            },
          },
        },
      },
    },
    async (request) => ({ body: request.body }),
  )
  app.get('/_probe/bug', async () => {
    throw new Error('secret internals')
  })
  // A route that sets a header Node cannot write (as a redirect to a non-ASCII URL did).
  app.get('/_probe/unwritable-header', async (_request, reply) =>
    reply.header('location', 'https://shop.test/€').code(302).send(),
  )
}
