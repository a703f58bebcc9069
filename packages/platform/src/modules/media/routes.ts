import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { PlatformError } from '../../http/platform-error.js'
import { object, text } from '../../http/schema.js'
import { renderIllustration, type ImageSpec } from './illustration.js'

const paramsSchema = object({ file: text(200) }, ['file'])

/** An image as served: its bytes and their entity tag. */
interface Served {
  body: string
  etag: string
}

/** `If-None-Match` (a list of tags, weak or not, or `*`) names `etag`. */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })

/** The description of picture `id` (what {@link renderIllustration} draws), if there is one. */
export type ImageLookup = (id: string) => ImageSpec | undefined

/**
 * `GET /media/{id}.svg` (and `HEAD`): the pictures `images` describes (the demo catalog's), drawn
 * on the fly as SVG, so every instance serves the same bytes with no files or table behind them. Public; cached for a year (an id never changes its picture), with an ETag
 * (`If-None-Match` → 304). An unknown id is a 404.
 */
export function mediaRoutes(app: FastifyInstance, images: ImageLookup): void {
  const rendered = new Map<string, Served>()
  const serve = (id: string): Served | undefined => {
    let served = rendered.get(id)
    if (!served) {
      const spec = images(id)
      if (!spec) return undefined
      const body = renderIllustration(spec)
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
      rendered.set(id, (served = { body, etag }))
    }
    return served
  }

  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const id = request.params.file.replace(/\.svg$/, '')
      const image = serve(id)
      if (!image) throw PlatformError.notFound(`No media "${request.params.file}"`)
      reply.headers({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: image.etag,
        'cross-origin-resource-policy': 'cross-origin',
      })
      if (matches(request.headers['if-none-match'], image.etag)) return reply.status(304).send()
      return image.body
    },
  )
}
