import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { createHttp, PROVIDER_URL } from '../http/pipeline.js'
import * as media from './helpers.js'
import { VideoResolution } from './references.js'
import { OFFICIAL_OUTPUTS } from './test-official-outputs.js'

type Helper = (...args: unknown[]) => unknown
const call = (helpers: object, name: string, args: unknown[]) => {
  try {
    return (helpers as Record<string, Helper>)[name]!(...args)
  } catch (error) {
    return { throws: (error as Error).constructor.name }
  }
}

const A = 'wix:image://v1/abc_123~mv2.jpg/shoe.jpg#originWidth=800&originHeight=600'

describe('media helpers (wire-contract §7.3)', () => {
  it.each(
    OFFICIAL_OUTPUTS.map(([name, args, answer]) => [name, JSON.stringify(args), answer, args]),
  )('%s(%s) answers what the official helper answers', (name, _, answer, args) => {
    expect(call(media, name as string, args as unknown[])).toEqual(answer)
  })

  it('reads the size of an 800 × 600 image swapped, as the official helper does', () => {
    const fit = media.getScaledToFitImageUrl(
      'wix:image://v1/abc_123~mv2.jpg#originWidth=800&originHeight=600',
      200,
      100,
    )
    expect(fit).toContain('/v1/fill/w_75,h_100,')
  })

  it('keeps a name that is not valid percent-encoding (the official helper throws)', () => {
    expect(media.getImageUrl('wix:image://v1/a/%E0%A4%A#originWidth=1&originHeight=2')).toEqual({
      id: 'a',
      url: 'https://static.wixstatic.com/media/a',
      height: 2,
      width: 1,
      altText: '%E0%A4%A',
      filename: '%E0%A4%A',
    })
  })

  it('says what is wrong with an input that is no reference', () => {
    expect(() => media.getImageUrl('garbage')).toThrow(
      new TypeError('media.getImageUrl: "garbage" is not a media reference or URL'),
    )
    expect(() => media.getScaledToFillImageUrl('x'.repeat(5000), 1, 1)).toThrow(
      /^media\.getScaledToFillImageUrl: "x{80}…" is not/,
    )
    expect(() => media.getAudioUrl(undefined as unknown as string)).toThrow(
      new TypeError('media.getAudioUrl: expected a string, got undefined'),
    )
    expect(() => media.getDocumentUrl(null as unknown as string)).toThrow(
      new TypeError('media.getDocumentUrl: expected a string, got null'),
    )
  })

  it('answers a huge reference in time, with its id whole', () => {
    const id = `${'a/'.repeat(200_000)}`
    const started = performance.now()
    const image = media.getImageUrl(`wix:image://v1/big.jpg/${id}#originWidth=1&originHeight=1`)
    const scaled = media.getScaledToFillImageUrl(
      `wix:image://v1/${'b'.repeat(500_000)}.jpg`,
      10,
      10,
    )
    expect(performance.now() - started).toBeLessThan(2000)
    expect(image).toMatchObject({ id: 'big.jpg', filename: 'a' })
    expect(scaled.length).toBeGreaterThan(1_000_000)
  })

  it('has the official resolutions', () => {
    expect(VideoResolution).toEqual({ MOBILE: '360p', LOW: '480p', MID: '720p', HIGH: '1080p' })
    expect(media.getVideoUrl('wix:video://v1/v', VideoResolution.MID).url).toBe(
      'https://video.wixstatic.com/video/v/720p/mp4/file.mp4',
    )
  })
})

describe('media helpers bound to a client', () => {
  const local = createClient({ baseUrl: 'http://127.0.0.1:4100/' }).use(media)

  it("are the provider's helpers for a client of the provider", () => {
    const provider = createClient({}).use(media)
    for (const [name, args] of OFFICIAL_OUTPUTS)
      expect(call(provider, name, args)).toEqual(call(media, name, args))
    expect(createHttp({}).baseUrl).toBe(PROVIDER_URL)
  })

  it("answer every kind of media on the local platform's /media/", () => {
    const base = 'http://127.0.0.1:4100/media'
    expect(local.getImageUrl(A)).toEqual({
      id: 'abc_123~mv2.jpg',
      url: `${base}/abc_123~mv2.jpg`,
      height: 600,
      width: 800,
      altText: 'shoe.jpg',
      filename: 'shoe.jpg',
    })
    expect(local.getShapeUrl('wix:image://v1/s.svg#originWidth=1').url).toBe(`${base}/s.svg`)
    expect(local.getVideoUrl('wix:video://v1/v1', '480p').url).toBe(`${base}/v1/480p/mp4/file.mp4`)
    expect(local.getAudioUrl('wix:audio://v1/a1#duration=3').url).toBe(`${base}/a1`)
    expect(local.getDocumentUrl('wix:document://v1/ugd/d1/x.pdf').url).toBe(`${base}/d1`)
    expect(local.getScaledToFillImageUrl(A, 200, 100)).toBe(
      `${base}/abc_123~mv2.jpg/v1/fill/w_200,h_100,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/abc_123~mv2.jpg`,
    )
    expect(local.getScaledToFitImageUrl(A, 200, 100)).toContain(
      `${base}/abc_123~mv2.jpg/v1/fill/w_75,h_100,`,
    )
    expect(local.getCroppedImageUrl(A, 0, 0, 400, 300, 100, 75)).toBe(
      `${base}/abc_123~mv2.jpg/v1/crop/x_0,y_0,w_400,h_300/fill/w_100,h_75,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/abc_123~mv2.jpg`,
    )
  })

  it("read a URL on the platform's host as the official ones read one on the provider's", () => {
    expect(local.getImageUrl('http://127.0.0.1:4100/media/tee.svg')).toMatchObject({
      id: 'tee.svg',
      url: 'http://127.0.0.1:4100/media/tee.svg',
    })
  })

  it('bind to the client they are used with, modules and all', () => {
    const client = createClient({ baseUrl: 'https://platform.example/api' })
    const { media: bound } = client.use({ media })
    expect(bound.getImageUrl(A).url).toBe('https://platform.example/api/media/abc_123~mv2.jpg')
    // The unbound helpers are untouched.
    expect(media.getImageUrl(A).url).toBe('https://static.wixstatic.com/media/abc_123~mv2.jpg')
  })
})
