/*
 * What the package exports of the media helpers beside the `media` namespace (`./helpers.ts`):
 * the video resolutions and the helpers' types.
 */
export { VideoResolution } from './references.js'
export type { MediaHelper } from './hosts.js'
export type { MediaAudioUrl, MediaDocumentUrl, MediaImageUrl, MediaVideoUrl } from './references.js'
export type { ImageTransformOptions } from './scaled-image.js'
