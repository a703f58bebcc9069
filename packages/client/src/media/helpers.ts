/*
 * The official client's media helpers (`import { media } from '@wix/sdk'`; here `media` of
 * `@vitrine/client`, this module's exports): web URLs of the provider's media references
 * (`wix:image://v1/<id>/<name>#originWidth=…&originHeight=…` and the `wix:video://`, `wix:audio://`,
 * `wix:document://` ones), with the same names and the same answers (wire-contract §7.3). A
 * reference that is not a URL at all is a `TypeError`, as there; a name that is not valid
 * percent-encoding is kept as it is (the official helper throws). Each helper is its own export,
 * so an app loads only the helpers it calls.
 *
 * Used as they are, every URL is on the provider's hosts. `client.use(media)` gives the helpers on
 * the client's host: with a client of the local platform, URLs on its `/media/…`, which it serves.
 *
 * @example
 * media.getImageUrl(line.image).url // https://static.wixstatic.com/media/<id>
 * const onPlatform = createClient({ baseUrl: 'http://127.0.0.1:4100' }).use(media)
 * onPlatform.getImageUrl(line.image).url // http://127.0.0.1:4100/media/<id>
 */
import { helper, type MediaHelper } from './hosts.js'
import {
  audioUrl,
  documentUrl,
  imageUrl,
  videoUrl,
  type MediaAudioUrl,
  type MediaDocumentUrl,
  type MediaHosts,
  type MediaImageUrl,
  type MediaVideoUrl,
  type VideoResolution,
} from './references.js'
import { scaledPath, type ImageTransformOptions, type ScaleRequest } from './scaled-image.js'

/**
 * A scaled URL of the image `src` on `hosts`. As the official helper does, the original's height
 * is passed as the source width and its width as the source height, so the URLs are the same as
 * its URLs (an 800 × 600 image fit into 200 × 100 gives `w_75,h_100`).
 */
function scaled(
  hosts: MediaHosts,
  helperName: string,
  fill: boolean,
  src: string,
  target: Pick<ScaleRequest, 'targetWidth' | 'targetHeight' | 'crop' | 'focalPoint'>,
  options: ImageTransformOptions | undefined,
): string {
  const { id, width, height } = imageUrl(hosts.image, src, helperName)
  const request = { id, sourceWidth: height, sourceHeight: width, ...target }
  return (options?.baseHostURL || hosts.image) + scaledPath(fill, request, options)
}

/** `{id, url, height, width, altText?, filename?}` of an image reference or image URL. */
export const getImageUrl: MediaHelper<[src: string], MediaImageUrl> = /* @__PURE__ */ helper(
  (hosts, src: string) => imageUrl(hosts.image, src),
)

/** {@link getImageUrl} for vector shapes (`…/shapes/<id>` on the provider). */
export const getShapeUrl: MediaHelper<[src: string], MediaImageUrl> = /* @__PURE__ */ helper(
  (hosts, src: string) => imageUrl(hosts.shape, src, 'getShapeUrl'),
)

/**
 * `{id, url, thumbnail, filename?}` of a video reference: its file (`…/<id>/file`), or its MP4 in
 * `resolution` (`…/<id>/720p/mp4/file.mp4`); the poster as a `wix:image://` reference.
 */
export const getVideoUrl: MediaHelper<[src: string, resolution?: VideoResolution], MediaVideoUrl> =
  /* @__PURE__ */ helper((hosts, src: string, resolution?: VideoResolution) =>
    videoUrl(hosts, src, resolution),
  )

/** `{id, duration, url, filename?}` of an audio reference (`#duration=<seconds>`). */
export const getAudioUrl: MediaHelper<[src: string], MediaAudioUrl> = /* @__PURE__ */ helper(
  (hosts, src: string) => audioUrl(hosts, src),
)

/** `{id, url, filename?}` of a document reference. */
export const getDocumentUrl: MediaHelper<[src: string], MediaDocumentUrl> = /* @__PURE__ */ helper(
  (hosts, src: string) => documentUrl(hosts, src),
)

/**
 * The URL of the image scaled to cover `targetWidth` × `targetHeight` (cut to it, centred or on
 * `options.focalPoint`). The source size is read with height and width swapped, as the official
 * helper does, so the URLs match its URLs.
 */
export const getScaledToFillImageUrl: MediaHelper<
  [src: string, targetWidth: number, targetHeight: number, options?: ImageTransformOptions],
  string
> = /* @__PURE__ */ helper((hosts, src, targetWidth, targetHeight, options) => {
  const focus = options?.focalPoint && { focalPoint: options.focalPoint }
  const target = { targetWidth, targetHeight, ...focus }
  return scaled(hosts, 'getScaledToFillImageUrl', true, src, target, options)
})

/**
 * The URL of the image scaled to fit within `targetWidth` × `targetHeight`. The source size is
 * read with height and width swapped, as the official helper does: 800 × 600 into 200 × 100 gives
 * `w_75,h_100` there and here.
 */
export const getScaledToFitImageUrl: MediaHelper<
  [src: string, targetWidth: number, targetHeight: number, options?: ImageTransformOptions],
  string
> = /* @__PURE__ */ helper((hosts, src, targetWidth, targetHeight, options) =>
  scaled(hosts, 'getScaledToFitImageUrl', false, src, { targetWidth, targetHeight }, options),
)

/**
 * The URL of the part `cropX`, `cropY`, `cropWidth` × `cropHeight` of the image (in source
 * pixels), scaled to cover `targetWidth` × `targetHeight` (source size swapped, as above).
 */
export const getCroppedImageUrl: MediaHelper<
  [
    src: string,
    cropX: number,
    cropY: number,
    cropWidth: number,
    cropHeight: number,
    targetWidth: number,
    targetHeight: number,
    options?: ImageTransformOptions,
  ],
  string
> = /* @__PURE__ */ helper(
  (hosts, src, x, y, width, height, targetWidth, targetHeight, options) => {
    const target = { targetWidth, targetHeight, crop: { x, y, width, height } }
    return scaled(hosts, 'getCroppedImageUrl', true, src, target, options)
  },
)
