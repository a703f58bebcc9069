import type { ProductMediaInput } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

describe.each(DIALECTS)('catalog writer: media on %s', (dialect) => {
  let catalog: CatalogPlatform
  const writer = () => catalog.admin.catalogWriter
  const media = async (id: string) => (await catalog.admin.products.getProduct(id)).product
  const bag = () =>
    writer()
      .createProduct({
        name: 'Bag',
        productOptions: [{ name: 'Color', choices: [{ value: 'Red' }, { value: 'Tan' }] }],
      })
      .then((response) => response.product.id)

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
  })
  afterAll(() => catalog.close())

  it('adds media by URL (images with their size, videos) and by media id', async () => {
    const id = await bag()
    const before = (await catalog.events('ProductChanged')).length
    await writer().addProductMedia(id, [
      { url: 'https://img.test/bag.jpg', width: 640, height: 480 } as ProductMediaInput,
      { url: 'https://img.test/spin.mp4' },
    ])
    const first = await media(id)
    const [image, video] = first.media!.items!
    expect(image).toEqual({
      id: expect.any(String),
      mediaType: 'image',
      title: '',
      image: { url: 'https://img.test/bag.jpg', width: 640, height: 480 },
    })
    expect(video).toMatchObject({
      mediaType: 'video',
      video: { files: [{ url: 'https://img.test/spin.mp4' }] },
    })
    expect(first.media!.mainMedia).toEqual(image)

    const other = await bag()
    await writer().addProductMedia(other, [
      { mediaId: image!.id! },
      { mediaId: 'nsplsh_abc~mv2.jpg' },
      { mediaId: image!.id! },
    ])
    expect((await media(other)).media!.items).toEqual([
      image,
      {
        id: 'nsplsh_abc~mv2.jpg',
        mediaType: 'image',
        title: '',
        image: { url: 'https://static.wixstatic.com/media/nsplsh_abc~mv2.jpg' },
      },
    ])
    expect(
      (await catalog.events('ProductChanged')).slice(before).map((e) => e.payload.changedFields),
    ).toEqual([['media'], ['media']])
  })

  it('adds media to a choice, and assigns and removes choice media', async () => {
    const id = await bag()
    await writer().addProductMedia(id, [
      { url: 'https://img.test/red.jpg', choice: { option: 'Color', choice: 'Red' } },
    ])
    await writer().addProductMedia(id, [
      { url: 'https://img.test/tan.jpg' },
      { url: 'https://img.test/tan2.jpg' },
    ])
    const [red, tan, tan2] = (await media(id)).media!.items!
    const choiceMedia = async () =>
      (await media(id)).productOptions![0]!.choices!.map((c) => c.media?.items?.map((m) => m.id))
    expect(await choiceMedia()).toEqual([[red!.id], undefined])

    await writer().addProductMediaToChoices(id, [
      { option: 'Color', choice: 'Tan', mediaIds: [tan!.id!, tan2!.id!] },
    ])
    expect(await choiceMedia()).toEqual([[red!.id], [tan!.id, tan2!.id]])
    const { selectedVariant, media: shown } =
      await catalog.visitor.products.getProductOptionsAvailability(id, { Color: 'Tan' })
    expect(selectedVariant).toBeDefined()
    expect(shown?.mainMedia?.id).toBe(tan!.id)

    await writer().removeProductMediaFromChoices(id, [
      { option: 'Color', choice: 'Tan', mediaIds: [tan!.id!] },
    ])
    expect(await choiceMedia()).toEqual([[red!.id], [tan2!.id]])
    await writer().removeProductMediaFromChoices(id, [
      { option: 'Color', choice: 'Red', mediaIds: [] },
    ])
    expect(await choiceMedia()).toEqual([undefined, [tan2!.id]])
  })

  it('removes media from the product and its choices, ignoring unknown ids', async () => {
    const id = await bag()
    await writer().addProductMedia(id, [
      { url: 'https://img.test/a.jpg', choice: { option: 'Color', choice: 'Red' } },
      { url: 'https://img.test/b.jpg' },
    ])
    const [a, b] = (await media(id)).media!.items!
    await writer().removeProductMedia(id, [a!.id!, 'not-there'])
    const after = await media(id)
    expect(after.media).toEqual({ mainMedia: b, items: [b] })
    expect(after.productOptions![0]!.choices![0]).not.toHaveProperty('media')
    const events = (await catalog.events()).length
    await writer().removeProductMedia(id, ['not-there'])
    expect(await catalog.events()).toHaveLength(events)
  })

  it('answers 400 for bad media, unknown options, choices and media ids; 404 for unknown products', async () => {
    const id = await bag()
    await writer().addProductMedia(id, [{ url: 'https://img.test/x.jpg' }])
    const known = (await media(id)).media!.items![0]!.id!
    const bad: [() => Promise<unknown>, string[]][] = [
      [() => writer().addProductMedia(id, [{}]), ['media[0]']],
      [() => writer().addProductMedia(id, [{ url: 'ftp://img.test/x.jpg' }]), ['media[0].url']],
      [() => writer().addProductMedia(id, []), ['media']],
      [
        () =>
          writer().addProductMedia(id, [
            { url: 'https://img.test/y.jpg', choice: { option: 'Size', choice: 'S' } },
          ]),
        ['media[0].choice.option'],
      ],
      [
        () =>
          writer().addProductMedia(id, [
            { url: 'https://img.test/y.jpg', choice: { option: 'Color', choice: 'Blue' } },
          ]),
        ['media[0].choice.choice'],
      ],
      [() => writer().removeProductMedia(id, []), ['mediaIds']],
      [
        () =>
          writer().addProductMediaToChoices(id, [
            { option: 'Color', choice: 'Red', mediaIds: ['ghost'] },
          ]),
        ['media[0].mediaIds'],
      ],
      [
        () =>
          writer().addProductMediaToChoices(id, [
            { option: 'Colour', choice: 'Red', mediaIds: [known] },
          ]),
        ['media[0].option'],
      ],
      [
        () =>
          writer().removeProductMediaFromChoices(id, [
            { option: 'Color', choice: 'Pink', mediaIds: [known] },
          ]),
        ['media[0].choice'],
      ],
      [
        () => writer().addProductMediaToChoices(id, [{ option: 'Color', choice: 'Red' } as never]),
        ['media[0].mediaIds'],
      ],
    ]
    for (const [call, fields] of bad)
      expect(violatedFields(await rejection(call()))).toEqual(fields)
    expect((await media(id)).media!.items).toHaveLength(1)
    const unknown = [
      () => writer().addProductMedia('nope', [{ url: 'https://img.test/x.jpg' }]),
      () => writer().removeProductMedia('nope', [known]),
      () =>
        writer().addProductMediaToChoices('nope', [
          { option: 'Color', choice: 'Red', mediaIds: [known] },
        ]),
      () =>
        writer().removeProductMediaFromChoices('nope', [
          { option: 'Color', choice: 'Red', mediaIds: [] },
        ]),
    ]
    for (const call of unknown) expect(await rejection(call())).toMatchObject({ status: 404 })
  })
})
