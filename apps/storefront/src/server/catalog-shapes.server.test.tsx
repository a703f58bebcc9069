import type { MediaItem, Product } from '@vitrine/client'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ProductCard } from '../components/product-card'
import { CollectionCard } from '../components/collection-card'
import { picturesOf } from '../lib/media'
import { availabilityOf, cardOf, collectionCardOf, pageProductOf } from './catalog-shapes.server'

const picture = (id: string): MediaItem => ({
  id,
  mediaType: 'image',
  image: { url: `https://media.example/${id}.svg`, width: 800, height: 800, altText: id },
})

/** A product as the platform answers it: options with pictures, variants, a gallery. */
const tee: Product = {
  id: 'p1',
  slug: 'everyday-tee',
  name: 'Everyday Tee',
  brand: 'Vitrine Basics',
  description: '<p>Soft organic cotton.</p>',
  ribbon: 'Sale',
  stock: { inStock: true, trackInventory: false },
  price: { currency: 'USD', price: 30, discountedPrice: 24 },
  priceData: { currency: 'USD', price: 30, discountedPrice: 24 },
  priceRange: { minValue: 24, maxValue: 28 },
  media: { mainMedia: picture('white'), items: [picture('white'), picture('black')] },
  productOptions: [
    {
      name: 'Color',
      optionType: 'color',
      choices: [
        {
          value: '#ffffff',
          description: 'White',
          inStock: true,
          media: { mainMedia: picture('white') },
        },
        {
          value: '#111111',
          description: 'Black',
          inStock: true,
          media: { mainMedia: picture('black') },
        },
      ],
    },
    { name: 'Size', optionType: 'drop_down', choices: [{ value: 'S', description: 'S' }] },
  ],
  variants: [{ id: 'v1', choices: { Color: 'White', Size: 'S' }, variant: { sku: 'TEE-W-S' } }],
  additionalInfoSections: [{ title: 'Care', description: 'Wash cold.' }],
  collectionIds: ['c1'],
}

const card = (product: Product) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  )

describe('cardOf', () => {
  it('keeps what a product card shows: the card is the same', () => {
    expect(card(cardOf(tee))).toBe(card(tee))
    const soldOut = { ...tee, stock: { inStock: false }, media: undefined, productOptions: [] }
    expect(card(cardOf(soldOut))).toBe(card(soldOut))
    const listed = { ...tee, ribbon: undefined, ribbons: [{ text: 'New' }], priceData: undefined }
    expect(card(cardOf(listed))).toBe(card(listed))
    expect(card(listed)).toContain('New')
  })

  it('leaves out the variants, the description, the gallery and the other options', () => {
    const trimmed = cardOf(tee)
    expect(trimmed).not.toHaveProperty('variants')
    expect(trimmed).not.toHaveProperty('description')
    expect(trimmed).not.toHaveProperty('additionalInfoSections')
    // Its picture as the card shows it: no type, format or thumbnail.
    const { id, image } = tee.media!.mainMedia!
    expect(trimmed.media).toEqual({ mainMedia: { id, image } })
    expect(trimmed).toMatchObject({ ribbon: 'Sale', stock: { inStock: true } })
    expect(trimmed).not.toHaveProperty('ribbons')
    expect(trimmed).not.toHaveProperty('price')
    expect(trimmed.productOptions).toEqual([
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { value: '#ffffff', description: 'White' },
          { value: '#111111', description: 'Black' },
        ],
      },
    ])
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(tee).length / 2)
  })
})

const usd = { currency: 'USD', price: 28, formatted: { price: '$28.00' } }
const fullImage = { url: 'http://127.0.0.1:4100/media/tee.svg', width: 800, height: 800 }
const thumbnail = { url: 'http://127.0.0.1:4100/media/tee.svg', width: 50, height: 50 }
const fullTee: Product = {
  id: 'p1',
  name: 'Tee',
  slug: 'tee',
  description: '<p>Soft.</p>',
  sku: 'TEE',
  weight: 0.2,
  priceData: usd,
  convertedPriceData: usd,
  numericId: '1020',
  inventoryItemId: 'i1',
  lastUpdated: new Date(0),
  createdDate: new Date(0),
  media: {
    mainMedia: { id: 'm1', image: fullImage, thumbnail },
    items: [{ id: 'm1', image: fullImage, thumbnail }],
  },
  productOptions: [
    {
      name: 'Color',
      optionType: 'color',
      choices: [
        {
          value: '#fff',
          description: 'White',
          media: { items: [{ image: fullImage, thumbnail }] },
        },
      ],
    },
  ],
  variants: [
    {
      id: 'v1',
      choices: { Color: 'White' },
      variant: { priceData: usd, convertedPriceData: usd, weight: 0.2, sku: 'TEE-W' },
      stock: { inStock: true },
    },
  ],
}

describe('pageProductOf', () => {
  it('on its page: all the page reads, without converted prices, thumbnails, weights or dates', () => {
    expect(pageProductOf({ ...fullTee, price: usd, visible: true, ribbon: 'New' })).toEqual({
      id: 'p1',
      name: 'Tee',
      slug: 'tee',
      description: '<p>Soft.</p>',
      sku: 'TEE',
      // The price the page shows (`priceData`), once.
      priceData: usd,
      // The main item is the gallery's first: it travels once.
      media: { items: [{ id: 'm1', image: fullImage }] },
      productOptions: [
        {
          name: 'Color',
          optionType: 'color',
          choices: [
            { value: '#fff', description: 'White', media: { items: [{ image: fullImage }] } },
          ],
        },
      ],
      // What the chosen variant costs comes with its availability.
      variants: [{ id: 'v1', choices: { Color: 'White' }, stock: { inStock: true } }],
    })
    expect(pageProductOf({ id: 'p2', price: usd })).toEqual({ id: 'p2', price: usd })
  })
})

describe('pageProductOf and the gallery', () => {
  it('shows the same pictures in the same order', () => {
    const other = { id: 'm2', image: { ...fullImage, url: 'http://127.0.0.1:4100/media/b.svg' } }
    const shown = (product: Product) => picturesOf(product.media, 'Tee').map((p) => p.url)
    for (const media of [
      { mainMedia: { id: 'm1', image: fullImage }, items: [{ id: 'm1', image: fullImage }, other] },
      { mainMedia: other, items: [{ id: 'm1', image: fullImage }, other] },
      { mainMedia: other },
    ]) {
      const product = { ...fullTee, media }
      expect(shown(pageProductOf(product))).toEqual(shown(product))
    }
  })
})

describe('collectionCardOf', () => {
  const apparel = {
    id: 'c1',
    name: 'Apparel',
    slug: 'apparel',
    description: 'Tees and knits.',
    numberOfProducts: 7,
    visible: true,
    lastUpdated: new Date(0),
    media: {
      mainMedia: { id: 'm1', image: fullImage, thumbnail },
      items: [{ id: 'm1', image: fullImage, thumbnail }],
    },
  }
  const rendered = (collection: typeof apparel | ReturnType<typeof collectionCardOf>) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <CollectionCard collection={collection} />
      </MemoryRouter>,
    )

  it('keeps what menus, filters and its card show; its card is the same', () => {
    expect(collectionCardOf(apparel)).toEqual({
      id: 'c1',
      name: 'Apparel',
      slug: 'apparel',
      description: 'Tees and knits.',
      numberOfProducts: 7,
      visible: true,
      media: { mainMedia: { id: 'm1', image: fullImage } },
    })
    expect(rendered(collectionCardOf(apparel))).toBe(rendered(apparel))
    const noMain = { ...apparel, media: { items: apparel.media.items } }
    expect(rendered(collectionCardOf(noMain))).toBe(rendered(noMain))
  })
})

describe('availabilityOf', () => {
  it("leaves out the choices' pictures and keeps the rest", () => {
    const availability = {
      availableForPurchase: true,
      productOptions: fullTee.productOptions,
      selectedVariant: { id: 'v1', inStock: true },
    }
    expect(availabilityOf(availability)).toEqual({
      ...availability,
      productOptions: [
        { name: 'Color', optionType: 'color', choices: [{ value: '#fff', description: 'White' }] },
      ],
    })
  })
})
