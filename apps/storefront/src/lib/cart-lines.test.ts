import { createClient } from '@vitrine/client'
import { describe, expect, it } from 'vitest'
import { lineImage } from './cart-lines'

describe('lineImage', () => {
  const platform = createClient({ baseUrl: 'http://127.0.0.1:4100' })
  const provider = createClient({})
  const image = 'wix:image://v1/demo-tee-sage.svg/Tee#originWidth=800&originHeight=800'

  it("makes a line's wix:image reference a URL on the host of the shop's client", () => {
    expect(lineImage({ image }, platform)).toBe('http://127.0.0.1:4100/media/demo-tee-sage.svg')
    expect(lineImage({ image }, provider)).toBe(
      'https://static.wixstatic.com/media/demo-tee-sage.svg',
    )
  })

  it('keeps an http(s) URL, and shows nothing else', () => {
    expect(lineImage({ image: 'https://img.test/a.jpg' }, platform)).toBe('https://img.test/a.jpg')
    for (const image of [undefined, '', 'javascript:alert(1)', 'data:image/png;base64,xx'])
      expect(lineImage({ image }, platform)).toBeUndefined()
    // A reference without an id names no picture.
    expect(lineImage({ image: 'wix:image://v1/#originWidth=1' }, platform)).toBeUndefined()
  })
})
