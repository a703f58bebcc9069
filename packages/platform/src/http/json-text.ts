import type { FastifyReply } from 'fastify'

/**
 * Answers with `text`, JSON that the route made itself (e.g. around stored JSON), with the
 * content type Fastify gives the objects it serialises. Return its result from the handler.
 *
 * @example
 * app.get('/thing', async (request, reply) => jsonText(reply, `{"thing":${storedJson}}`))
 */
export function jsonText(reply: FastifyReply, text: string): string {
  reply.type('application/json; charset=utf-8')
  return text
}
