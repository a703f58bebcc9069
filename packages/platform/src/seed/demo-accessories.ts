import { colors, dropDown, goods, section, type DemoProduct } from './demo-product.js'

/** The demo shop's accessories. */
export const ACCESSORIES: DemoProduct[] = [
  {
    slug: 'waxed-canvas-tote',
    name: 'Waxed Canvas Tote',
    description:
      'A water-resistant waxed cotton tote with leather handles, an inner zip pocket and room for a 15-inch laptop.',
    ...goods('TOTE', 65, 21, 0.7, 'Atlas Goods', 30),
    options: [colors(['Tan', '#b48a5a'], ['Black', '#1f1f24'])],
    picture: { motif: 'tote', palette: ['#efe8dd', '#b48a5a', '#5a3a22'] },
  },
  {
    slug: 'leather-card-wallet',
    name: 'Leather Card Wallet',
    description: [
      'Four card slots and a centre pocket in vegetable-tanned leather that darkens beautifully with use.',
      'Add a monogram of up to three letters, blind-debossed by hand.',
    ],
    ...goods('WALLET', 42, 12, 0.05, 'Atlas Goods'),
    options: [colors(['Cognac', '#9a5a2c'], ['Black', '#1f1f24'])],
    variants: ({ Color }) => ({ quantity: Color === 'Black' ? 14 : 25 }),
    customTextFields: [{ title: 'Monogram (up to 3 letters)', maxLength: 3, mandatory: false }],
    picture: { motif: 'wallet', palette: ['#f0e9e0', '#9a5a2c', '#e2c79f'] },
  },
  {
    slug: 'polarized-sunglasses',
    name: 'Polarized Sunglasses',
    description:
      'Hand-polished acetate frames with polarized, UV400 lenses and five-barrel hinges.',
    ...goods('SUN', 95, 24, 0.04, 'Atlas Goods'),
    options: [dropDown('Frame', 'Tortoise', 'Matte Black')],
    variants: ({ Frame }) => ({ quantity: Frame === 'Tortoise' ? 11 : 0 }),
    info: [section('In the box', 'Hard case and microfibre cloth.')],
    picture: { motif: 'sunglasses', palette: ['#e8eef0', '#6b4226', '#2a3b47'], images: 2 },
  },
  {
    slug: 'minimalist-watch',
    name: 'Minimalist Watch',
    description:
      'A 38 mm stainless steel case, sapphire crystal and a Japanese quartz movement, water resistant to 50 m.',
    ...goods('WATCH', 149, 55, 0.08, 'Atlas Goods'),
    ribbon: 'New',
    options: [dropDown('Strap', 'Leather', 'Mesh')],
    variants: ({ Strap }) => ({ price: Strap === 'Mesh' ? 169 : 149, quantity: 8 }),
    info: [section('Warranty', 'Two years, worldwide.')],
    picture: { motif: 'watch', palette: ['#eceae6', '#2c2f33', '#c9a24a'], images: 3 },
  },
  {
    slug: 'silk-scarf',
    name: 'Printed Silk Scarf',
    description:
      'A 90 cm square of silk twill with hand-rolled edges, printed with an archive botanical pattern.',
    ...goods('SCARF', 85, 22, 0.06, 'Atlas Goods', 16),
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: 15 },
    info: [section('Care', 'Dry clean only.')],
    picture: { motif: 'scarf', palette: ['#f5eee6', '#b03a48', '#e9b44c'], images: 2 },
  },
  {
    slug: 'enamel-pin-set',
    name: 'Enamel Pin Set',
    description:
      'Three hard-enamel pins with gold-plated edges and rubber clutches, on a backing card.',
    ...goods('PINS', 14, 3, 0.03, 'Vitrine Basics', 200),
    picture: { motif: 'pins', palette: ['#f6f1e7', '#d4573b', '#2e7d6b'] },
  },
  {
    slug: 'dot-grid-notebook',
    name: 'Dot-Grid Notebook',
    description:
      'A5, 192 numbered pages of 100 g/m² paper that takes fountain pen without bleeding, lay-flat binding.',
    ...goods('NOTEBOOK', 16, 4, 0.3, 'Vitrine Basics', 75),
    picture: { motif: 'notebook', palette: ['#eef0ea', '#2f4a3a', '#e6c86e'], images: 2 },
  },
]

/** The demo shop's digital products: no weight, nothing to ship. */
export const DIGITAL: DemoProduct[] = [
  {
    slug: 'digital-gift-card',
    name: 'Digital Gift Card',
    description:
      'Sent by e-mail within minutes, redeemable on anything in the shop and valid for two years.',
    sku: 'GIFT',
    price: 25,
    productType: 'digital',
    options: [dropDown('Amount', '$25', '$50', '$100')],
    variants: ({ Amount }) => ({ price: Number(Amount!.slice(1)) }),
    picture: { motif: 'giftcard', palette: ['#1f2a44', '#e9b44c', '#f6f1e7'] },
  },
  {
    slug: 'home-styling-guide',
    name: 'Home Styling Guide (e-book)',
    description:
      'Sixty illustrated pages on light, texture and arranging the things you love. PDF and EPUB.',
    sku: 'EBOOK',
    price: 12,
    productType: 'digital',
    ribbon: 'New',
    picture: { motif: 'book', palette: ['#e9efe9', '#2f4a3a', '#e9b44c'], images: 2 },
  },
  {
    slug: 'printable-wall-art',
    name: 'Printable Wall Art Set',
    description:
      'Six abstract botanical prints as high-resolution files, ready to print up to 50 × 70 cm.',
    sku: 'PRINTS',
    price: 9,
    productType: 'digital',
    picture: { motif: 'art', palette: ['#f4eee4', '#c0643f', '#2e3a5c'], images: 3 },
  },
]
