import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PRODUCTS } from '../../seed/demo-collections.js'
import { productImages } from '../../seed/demo-images.js'
import { startPlatform, type TestPlatform } from '../../test-support/platform.js'

describe('GET /media/…', () => {
  let platform: TestPlatform
  const spec = [...productImages(DEMO_PRODUCTS[0]!).values()][0]!
  const file = `${spec.id}.svg`
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}/media/${path}`, { headers })

  beforeAll(async () => {
    platform = await startPlatform('sqlite', { workers: false })
  })
  afterAll(() => platform?.close())

  it('serves a picture by its file, its id, and the scaled and cropped URLs of the media helpers', async () => {
    const original = await get(file)
    expect(original.status).toBe(200)
    const body = await original.text()
    expect(body).toContain(`<title>${spec.label}`)
    const etag = original.headers.get('etag')!
    // The forms `media.getScaledToFillImageUrl` and `getCroppedImageUrl` make of an image the
    // service can transform (a JPEG id); the platform answers them with the original.
    const derived = [
      spec.id,
      `${file}/v1/fill/w_200,h_100,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/${spec.id}.svg`,
      `${file}/v1/fill/w_75,h_100,fp_0.30_1.00,lg_1,q_80,enc_auto/My%20Shoe_.jpg`,
      `${file}/v1/crop/x_100,y_50,w_400,h_300/fill/w_200,h_150,al_c,q_80,enc_auto/${spec.id}.svg`,
      `${file}/v1/fit/w_200,h_100,q_80,usm_0.66_1.00_0.01,enc_auto/${spec.id}.svg`,
    ]
    for (const path of derived) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('etag')).toBe(etag)
      expect(await response.text()).toBe(body)
      expect((await get(path, { 'if-none-match': etag })).status).toBe(304)
    }
  })

  it('is a 404 for an unknown id, and for a path after a known one that is no helper’s', async () => {
    for (const path of [
      'nothing-here.svg',
      `nothing-here.svg/v1/fill/w_200,h_100,al_c,q_80,enc_auto/x.jpg`,
      `${file}/`,
      `${file}/file`,
      `${file}/720p/mp4/file.mp4`,
      `${file}/v1/fill/w_1,h_1`,
      `${file}/v1/blur/w_1,h_1/x.jpg`,
      `${file}/v1/fill/w_1,h_1/x.jpg/more`,
      `${file}/..%2F..%2Fetc/passwd`,
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(((await response.json()) as { message: string }).message).toMatch(/^No media "/)
    }
  })

  it('refuses a path too long to be a helper’s without reading it', async () => {
    for (const path of [
      `${file}/v1/fill/${'w'.repeat(700)}/x.jpg`,
      `${'x'.repeat(300)}/v1/fill/w_1,h_1/x.jpg`,
    ])
      expect((await get(path)).status, path.slice(0, 40)).toBe(400)
  })
})
