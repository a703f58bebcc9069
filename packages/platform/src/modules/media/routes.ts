import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PlatformError } from '../../http/platform-error.js'
import { object, text, type SchemaApp } from '../../http/schema.js'
import { renderIllustration, type ImageSpec } from './illustration.js'

const paramsSchema = object({ file: text(200) }, ['file'])
const derivedSchema = object({ file: text(200), '*': text(600) }, ['file', '*'])

/**
 * What the media helpers (`media` of `@vitrine/client`, bound to the platform) put after an image's
 * id for a scaled or cropped copy: `v1/[crop/x_…,y_…,w_…,h_…/](fill|fit)/w_…,h_…,<options>/<name>`
 * (`@wix/image-kit`'s forms). The platform keeps images only: a video's or audio file's URL is a 404.
 */
const SCALED = /^v1\/(?:crop\/[^/]{1,100}\/)?(?:fill|fit)\/[^/]{1,300}\/[^/]{1,200}$/

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
 * on the fly as SVG, so every instance serves the same bytes with no files or table behind them.
 * The id alone (`/media/{id}`) is the same picture: the URL the media helpers make of its
 * `wix:image://` reference. So are the helpers' scaled and cropped URLs of it
 * (`/media/{id}/v1/fill/w_…,h_…,…/<name>`, …): the original, not scaled — an SVG scales in the
 * browser, and the platform keeps no image library. Public; cached for a year (an id never changes
 * its picture), with an ETag (`If-None-Match` → 304). An unknown id, or a path after it that is no
 * helper's, is a 404.
 */
export function mediaRoutes(app: SchemaApp, images: ImageLookup): void {
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
  /** Picture `file` (`<id>` or `<id>.svg`), or a helper's `derived` (scaled) URL of it. */
  const send = (request: FastifyRequest, reply: FastifyReply, file: string, derived?: string) => {
    const known = derived === undefined || SCALED.test(derived)
    const image = known ? serve(file.replace(/\.svg$/, '')) : undefined
    if (!image)
      throw PlatformError.notFound(`No media "${[file, derived].filter(Boolean).join('/')}"`)
    reply.headers({
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: image.etag,
      'cross-origin-resource-policy': 'cross-origin',
    })
    if (matches(request.headers['if-none-match'], image.etag)) return reply.status(304).send()
    return image.body
  }

  app.get('/media/:file', { schema: { params: paramsSchema } }, async (request, reply) =>
    send(request, reply, request.params.file),
  )
  app.get('/media/:file/*', { schema: { params: derivedSchema } }, async (request, reply) =>
    send(request, reply, request.params.file, request.params['*']),
  )
}
