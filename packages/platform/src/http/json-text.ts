import type { FastifyReply } from 'fastify'

/** JSON a route made itself: text, or UTF-8 bytes (e.g. stored JSON with text around it). */
export type JsonBody = string | Uint8Array

/**
 * Answers with `body`, JSON that the route made itself, with the content type Fastify gives the
 * objects it serialises. Return its result from the handler.
 *
 * @example
 * app.get('/thing', async (request, reply) => jsonText(reply, joinJson(['{"thing":', stored, '}'])))
 */
export function jsonText<B extends JsonBody>(reply: FastifyReply, body: B): B {
  reply.type('application/json; charset=utf-8')
  return body
}

/**
 * One JSON body of `parts`, text and UTF-8 bytes, concatenated as bytes: stored JSON is sent as
 * it is, never decoded into a string and encoded again.
 */
export function joinJson(parts: readonly JsonBody[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)))
}
