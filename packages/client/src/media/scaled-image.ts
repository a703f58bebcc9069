/*
 * Scaled and cropped image URLs, by the rules of `@wix/image-kit` (1.125, the `sdk` calls the
 * official media helpers make: an `<img>` target, centred): `<id>/v1/<parts>,<options>/<name>.<ext>`
 * after the host, e.g. `…/abc~mv2.jpg/v1/fill/w_200,h_100,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/abc~mv2.jpg`.
 * A file the image service cannot transform (an SVG, a GIF, no extension, an external URL) keeps
 * its plain URL, as there.
 */

/** Options of the scaled and cropped URLs: those of `@wix/image-kit` that change the URL. */
export interface ImageTransformOptions {
  /** Adjustments: contrast, brightness, saturation (−100…100), hue (−180…180), blur (0…100). */
  filters?: {
    contrast?: number
    brightness?: number
    saturation?: number
    hue?: number
    blur?: number
  }
  /** `false`: a baseline JPEG (`,bl`). */
  progressive?: boolean
  /** Unsharp mask; all zeros: none. Default: a light one when the image is scaled down. */
  unsharpMask?: { radius: number; amount: number; threshold: number }
  /** The point (percent of width and height) a fill keeps in view, instead of the centre. */
  focalPoint?: { x: number; y: number }
  /** The file name at the end of the URL. Default: the media id's. */
  name?: string
  /** JPEG quality, 5…90. Default: by the size of the result (80…90). */
  quality?: number
  /** How an image is enlarged beyond its size: `'auto'` (default), `'classic'` or `'super'`. */
  upscaleMethod?: 'auto' | 'classic' | 'super'
  watermark?: string
  /** A search engine's crawler: no pixel density factor. */
  isSEOBot?: boolean
  /** The URL prefix instead of the host's image prefix. */
  baseHostURL?: string
  /** `false`: no `enc_auto` (the service picks no format by the browser). */
  autoEncode?: boolean
  /** Pixel density. Default: the browser's `devicePixelRatio` (1 outside a browser), at most 2. */
  devicePixelRatio?: number
  encoding?: 'AVIF' | 'PAVIF'
  hasAnimation?: boolean
  allowAnimatedTransform?: boolean
  allowFullGIFTransformation?: boolean
  allowWebpAvifTransforms?: boolean
  isPlaceholderFlow?: boolean
}

/** A source rectangle to crop to, in source pixels. */
export interface CropRect {
  x: number
  y: number
  width: number
  height: number
}

/** What is asked: the media id and its size, the size wanted, a crop or a fill's focal point. */
export interface ScaleRequest {
  id: string
  sourceWidth: number
  sourceHeight: number
  targetWidth: number
  targetHeight: number
  crop?: CropRect
  focalPoint?: { x: number; y: number }
}

type Part = {
  type: 'crop' | 'fit' | 'fill'
  width: number
  height: number
  /** The crop's offset, or the fill's focal point. */
  x?: number | string
  y?: number | string
  scale: number
  forceUSM?: boolean
  upscale?: number
}

const TRANSFORMABLE = ['png', 'jpeg', 'jpg', 'jpe', 'wix_ico_mp', 'wix_mp', 'webp', 'avif']
const JPG = ['jpeg', 'jpg', 'jpe']
/** The largest area the service transforms to. */
const SAFE_AREA = 5000 * 5000
/** Quality and largest enlargement by pixel count: over 1400², 600², 400², and the rest. */
const SIZES = [
  [1400 * 1400, 90, 1],
  [600 * 600, 85, 1],
  [400 * 400, 80, 1.2],
  [-Infinity, 80, 1.4],
] as const
const FILTERS = [
  ['contrast', 'con', 100],
  ['brightness', 'br', 100],
  ['saturation', 'sat', 100],
  ['hue', 'hue', 180],
  ['blur', 'blur', 100],
] as const
const ILLEGAL = /%2F|%5C|%3F|%3C|%3E|%7C|%E2%80%9C|%3A|%22|\.|\*/g

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}
const withoutExtension = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? name : name.slice(0, dot)
}
const sizeOf = (width: number, height: number) =>
  SIZES.find(([area]) => width * height > area) ?? SIZES[3]
const fixed = (value: number) => ((value * 100) / 100).toFixed(2)
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && !Number.isNaN(value)
const scaleOf = (fill: boolean, sw: number, sh: number, dw: number, dh: number) =>
  (fill ? Math.max : Math.min)(dw / sw, dh / sh)

/** The size a fit or fill makes, kept within the service's limits and its enlargement limits. */
function resize(
  fill: boolean,
  sw: number,
  sh: number,
  request: ScaleRequest,
  dpr: number,
  superScale: boolean,
) {
  sw ||= request.targetWidth
  sh ||= request.targetHeight
  let width = request.targetWidth * dpr
  let height = request.targetHeight * dpr
  let scale = scaleOf(fill, sw, sh, width, height)
  if (!fill) [width, height] = [sw * scale, sh * scale]
  if (width && height && width * height > SAFE_AREA) {
    const shrink = Math.sqrt(SAFE_AREA / (width * height))
    width *= shrink
    height *= shrink
    scale = scaleOf(fill, sw, sh, width, height)
  }
  const most = superScale ? 4 : sizeOf(sw, sh)[2]
  const forceUSM = superScale && !([1.5, 2, 4].includes(scale) || scale > 4)
  const upscale = superScale ? 2 : 1
  if (scale <= most) return { width, height, scale, forceUSM, upscale }
  if (fill) [width, height] = [width * (most / scale), height * (most / scale)]
  else [width, height] = [sw * most, sh * most]
  return { width, height, scale: most, forceUSM, upscale }
}

/** The parts of the transform: a crop if asked (and it cuts something), then the fit or fill. */
function partsOf(
  fill: boolean,
  request: ScaleRequest,
  options: ImageTransformOptions,
  plain: boolean,
): Part[] {
  const parts: Part[] = []
  let { sourceWidth: sw, sourceHeight: sh } = request
  const crop = plain ? undefined : request.crop
  if (crop) {
    const width = Math.max(0, Math.min(sw, crop.x + crop.width) - Math.max(0, crop.x))
    const height = Math.max(0, Math.min(sh, crop.y + crop.height) - Math.max(0, crop.y))
    if (width && height && (sw !== width || sh !== height)) {
      const [x, y] = [Math.max(0, crop.x), Math.max(0, crop.y)]
      parts.push({
        type: 'crop',
        x: Math.round(x),
        y: Math.round(y),
        width: Math.round(width),
        height: Math.round(height),
        scale: 1,
      })
      ;[sw, sh] = [width, height]
    }
  }
  const given =
    options.devicePixelRatio ?? (globalThis as { devicePixelRatio?: number }).devicePixelRatio
  const dpr = options.isSEOBot ? 1 : Math.min(given || 1, 2)
  const superScale = options.upscaleMethod?.toUpperCase() === 'SUPER'
  const size = resize(fill, sw, sh, request, dpr, superScale)
  const focal = fill && !plain && request.focalPoint
  const focused = focal && isNumber(focal.x) && isNumber(focal.y)
  parts.push({
    // A fit of an image of known size is a centred fill of the size it fits into.
    type: fill || (sw && sh) ? 'fill' : 'fit',
    width: Math.round(size.width),
    height: Math.round(size.height),
    ...(focused && {
      x: fixed(Math.max(0, Math.min(100, focal.x)) / 100),
      y: fixed(Math.max(0, Math.min(100, focal.y)) / 100),
    }),
    scale: size.scale,
    forceUSM: size.forceUSM,
    ...(size.scale > 1 && { upscale: size.upscale }),
  })
  return parts
}

const partText = (part: Part) => {
  const size = `w_${part.width},h_${part.height}`
  const text =
    part.type === 'crop'
      ? `crop/x_${part.x},y_${part.y},${size}`
      : part.type === 'fit'
        ? `fit/${size}`
        : `fill/${size},${part.x === undefined ? 'al_c' : `fp_${part.x}_${part.y}`}`
  return part.upscale ? `${text},lg_${part.upscale}` : text
}

/** The options' part of the transform: quality, sharpening, filters, encoding. */
function optionsText(type: string, last: Part, options: ImageTransformOptions): string {
  let text = ''
  if (JPG.includes(type) || ['png', 'webp', 'avif'].includes(type)) {
    const { quality: asked } = options
    const quality = asked && asked >= 5 && asked <= 90 ? asked : sizeOf(last.width, last.height)[1]
    text += `,q_${type === 'png' ? quality + 5 : quality}`
  }
  const usm = options.unsharpMask
  const valid =
    usm &&
    isNumber(usm.radius) &&
    usm.radius >= 0.1 &&
    usm.radius <= 500 &&
    isNumber(usm.amount) &&
    usm.amount >= 0 &&
    usm.amount <= 10 &&
    isNumber(usm.threshold) &&
    usm.threshold >= 0 &&
    usm.threshold <= 255
  const zero = usm && usm.radius === 0 && usm.amount === 0 && usm.threshold === 0
  if (valid) text += `,usm_${fixed(usm.radius)}_${fixed(usm.amount)}_${fixed(usm.threshold)}`
  else if (!zero && (!(last.scale >= 1) || last.forceUSM || last.type === 'fit'))
    text += ',usm_0.66_1.00_0.01'
  if (options.progressive === false) text += ',bl'
  if (options.watermark) text += `,wm_${options.watermark}`
  for (const [key, code, most] of FILTERS) {
    const value = options.filters?.[key]
    if (isNumber(value) && value !== 0 && value >= (key === 'blur' ? 0 : -most) && value <= most)
      text += `,${code}_${value}`
  }
  if (type !== 'gif') {
    if (options.encoding === 'AVIF') text += ',enc_avif,quality_auto'
    else if (options.encoding === 'PAVIF') text += ',enc_pavif,quality_auto'
    else if (options.autoEncode ?? true) text += ',enc_auto'
  }
  return text
}

/** The file name at the end of the URL: `options.name` (URL-safe), else the media id's. */
function fileName(id: string, name: string | undefined): string {
  if (!name) return withoutExtension(id)
  const dot = name.lastIndexOf('.')
  const bare = dot >= 0 && TRANSFORMABLE.includes(name.slice(dot + 1)) ? name.slice(0, dot) : name
  return encodeURIComponent(bare).replace(ILLEGAL, '_')
}

/**
 * The path (after the host) of `request` scaled to fill (`fill`) or fit its target: `''` without
 * an id, the id alone when the file cannot be transformed.
 */
export function scaledPath(
  fill: boolean,
  request: ScaleRequest,
  options: ImageTransformOptions = {},
): string {
  const { id } = request
  if (!id || !id.trim() || id.toLowerCase() === 'none') return ''
  const extension = extensionOf(id)
  const webpOrAvif = extension === 'webp' || extension === 'avif'
  if (/^(https?|data|\/\/)/.test(id)) return id
  if (webpOrAvif && options.hasAnimation && !options.allowAnimatedTransform) return id
  const gif = extension === 'gif'
  if (
    !TRANSFORMABLE.includes(extension) &&
    !(gif && (options.allowAnimatedTransform || options.allowFullGIFTransformation))
  )
    return id
  // A WebP or AVIF file is transformed without a crop or a focal point unless allowed.
  const parts = partsOf(fill, request, options, webpOrAvif && !options.allowWebpAvifTransforms)
  const type = JPG.includes(extension) ? 'jpg' : extension
  let text = parts.map(partText).join('/') + optionsText(type, parts.at(-1)!, options)
  if (gif || (webpOrAvif && options.hasAnimation)) {
    if (options.isPlaceholderFlow === true) text += ',pstr'
    else if (gif && options.allowFullGIFTransformation === true) text += ',anm_all'
  }
  return `${id}/v1/${text}/${fileName(id, options.name)}.${extension}`
}
