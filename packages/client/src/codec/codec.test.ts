import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeImage, decodeVideo, encodeImage, encodeVideo } from './media.js'
import { dates, floats, toMask } from './convert.js'
import { imageObjects } from './media.js'
import { applyCodecs, stringifyBody } from './wire.js'

const id = fc.stringMatching(/^[a-z0-9_~.-]{1,24}$/)
const size = fc.integer({ min: 1, max: 10_000 })

describe('image references (wire-contract §7.1)', () => {
  it('encodes a wix:image URI with a file name', () => {
    expect(
      encodeImage('wix:image://v1/abc_123.jpg/my%20shoe.jpg#originWidth=800&originHeight=600'),
    ).toEqual({
      id: 'abc_123.jpg',
      url: 'wix:image://v1/abc_123.jpg/my%20shoe.jpg#originWidth=800&originHeight=600',
      width: 800,
      height: 600,
      altText: 'my shoe.jpg',
      filename: 'my shoe.jpg',
    })
  })

  it('gives no file name for a URI without one (never the text "undefined")', () => {
    const image = encodeImage('wix:image://v1/abc#originWidth=1&originHeight=2')
    expect(image).toEqual({
      id: 'abc',
      url: 'wix:image://v1/abc#originWidth=1&originHeight=2',
      width: 1,
      height: 2,
    })
    expect(JSON.stringify(image)).not.toContain('undefined')
  })

  it('prefixes legacy image:// URIs and keeps the original as url', () => {
    expect(encodeImage('image://v1/abc/a.png#originWidth=3&originHeight=4')).toMatchObject({
      id: 'abc',
      filename: 'a.png',
      url: 'image://v1/abc/a.png#originWidth=3&originHeight=4',
    })
  })

  it('sends any other URL as {url}, and decodes an object without id to its url', () => {
    expect(encodeImage('https://cdn.test/a.png')).toEqual({ url: 'https://cdn.test/a.png' })
    expect(decodeImage({ url: 'https://cdn.test/a.png', width: 1 })).toBe('https://cdn.test/a.png')
  })

  it('round-trips: decode(encode(uri)) === uri for any id, name and size', () => {
    fc.assert(
      fc.property(
        id,
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        size,
        size,
        (i, name, w, h) => {
          const uri = decodeImage({ id: i, filename: name, width: w, height: h })!
          expect(encodeImage(uri)).toMatchObject({
            id: i,
            width: w,
            height: h,
            ...(name ? { filename: name } : {}),
          })
          expect(decodeImage(encodeImage(uri))).toBe(uri)
        },
      ),
    )
  })
})

describe('video references (wire-contract §7.2, videoV2)', () => {
  it('decodes with the second poster when there are two', () => {
    expect(
      decodeVideo({
        id: 'v1',
        filename: 'clip.mp4',
        posters: [
          { id: 'first', width: 1, height: 1 },
          { url: 'https://static.test/media/second', width: 640, height: 360 },
        ],
      }),
    ).toBe('wix:video://v1/v1/clip.mp4#posterUri=second&posterWidth=640&posterHeight=360')
    expect(decodeVideo({ url: 'https://v.test/x.mp4' })).toBe('https://v.test/x.mp4')
  })

  it('round-trips any id, name and poster', () => {
    fc.assert(
      fc.property(
        id,
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        id,
        size,
        size,
        (v, name, p, w, h) => {
          const uri = decodeVideo({
            id: v,
            filename: name,
            posters: [{ id: p, width: w, height: h }],
          })!
          expect(encodeVideo(uri)).toEqual({
            id: v,
            ...(name ? { filename: name } : {}),
            posters: [{ id: p, width: w, height: h }],
          })
          expect(decodeVideo(encodeVideo(uri))).toBe(uri)
        },
      ),
    )
  })
})

describe('dates and floats', () => {
  it('round-trips any Date through the wire (ISO string out, Date back at the path)', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(8.64e15) }),
        (date) => {
          const wire = JSON.parse(stringifyBody({ cart: { createdDate: date } }))
          expect(wire.cart.createdDate).toBe(date.toISOString())
          const back = applyCodecs<{ cart: { createdDate: Date } }>(wire, [
            dates(['cart.createdDate']),
          ])
          expect(back.cart.createdDate.getTime()).toBe(date.getTime())
        },
      ),
    )
  })

  it('converts only at the declared paths, through arrays, and leaves other strings alone', () => {
    const body = {
      cart: {
        lineItems: [{ serviceProperties: { scheduledDate: '2026-05-01T10:00:00.000Z' } }, {}],
        note: '2026-05-01T10:00:00.000Z',
      },
    }
    const out = applyCodecs<any>(body, [dates(['cart.lineItems.serviceProperties.scheduledDate'])])
    expect(out.cart.lineItems[0].serviceProperties.scheduledDate).toBeInstanceOf(Date)
    expect(out.cart.lineItems[1]).toEqual({})
    expect(out.cart.note).toBe('2026-05-01T10:00:00.000Z')
    expect(body.cart.lineItems[0]!.serviceProperties!.scheduledDate).toBe(
      '2026-05-01T10:00:00.000Z',
    )
  })

  it('reads every key of a map at "*"', () => {
    const out = applyCodecs<any>(
      {
        additionalData: {
          a: { dateValue: '2026-01-01T00:00:00Z' },
          b: { dateValue: '2026-02-01T00:00:00Z' },
        },
      },
      [dates(['additionalData.*.dateValue'])],
    )
    expect(out.additionalData.a.dateValue).toBeInstanceOf(Date)
    expect(out.additionalData.b.dateValue).toBeInstanceOf(Date)
  })

  it('round-trips non-finite floats as the strings NaN, Infinity, -Infinity', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const wire = JSON.parse(stringifyBody({ product: { weight: n } }))
        const back = applyCodecs<any>(wire, [floats(['product.weight'])])
        expect(Object.is(back.product.weight, n) || (n === 0 && back.product.weight === 0)).toBe(
          true,
        )
      }),
    )
  })
})

describe('request codecs', () => {
  it('encodes images at the declared paths without changing the caller object', () => {
    const params = { lineItems: [{ image: 'wix:image://v1/i/a.jpg#originWidth=1&originHeight=1' }] }
    const out = applyCodecs(params, [imageObjects(['lineItems.image'])])
    expect(out.lineItems[0]!.image).toMatchObject({ id: 'i', filename: 'a.jpg' })
    expect(params.lineItems[0]!.image).toBe('wix:image://v1/i/a.jpg#originWidth=1&originHeight=1')
  })

  it('comma-joins field masks', () => {
    expect(applyCodecs({ cartFieldmask: ['a', 'b'] }, [[toMask, ['cartFieldmask']]])).toEqual({
      cartFieldmask: 'a,b',
    })
  })
})
