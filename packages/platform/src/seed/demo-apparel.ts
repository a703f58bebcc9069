import { colors, goods, section, sizes, type DemoProduct } from './demo-product.js'

const care = (material: string, wash: string) => section('Materials & care', material, wash)

/** Stock that runs thin at the ends of the size range. */
const sizeStock: Record<string, number> = { XS: 4, S: 12, M: 18, L: 15, XL: 6, XXL: 3 }

/** The demo shop's clothing: options, managed variants with their own prices and stock. */
export const APPAREL: DemoProduct[] = [
  {
    slug: 'everyday-organic-tee',
    name: 'Everyday Organic Tee',
    description: [
      'The T-shirt you reach for first: midweight organic cotton jersey, a relaxed fit that keeps its shape, and a collar that does not ripple after the tenth wash.',
      'Garment-dyed for a soft, lived-in colour from day one.',
    ],
    ...goods('TEE', 28, 9.5, 0.18, 'Vitrine Basics'),
    ribbon: 'New',
    options: [
      colors(['White', '#f4f1ea'], ['Black', '#1f1f24'], ['Sage', '#9caf88']),
      sizes('XS', 'S', 'M', 'L', 'XL'),
    ],
    variants: ({ Color, Size }) => ({
      price: Size === 'XL' ? 30 : undefined,
      // Sage sold out in XS, Black in XL.
      quantity:
        (Color === 'Sage' && Size === 'XS') || (Color === 'Black' && Size === 'XL')
          ? 0
          : sizeStock[Size!],
    }),
    info: [care('100% organic cotton, 180 g/m².', 'Machine wash cold, tumble dry low.')],
    picture: { motif: 'tee', palette: ['#efe9df', '#f4f1ea', '#c96f4a'] },
  },
  {
    slug: 'heavyweight-hoodie',
    name: 'Heavyweight Hoodie',
    description: [
      'A 400 g/m² brushed-back fleece hoodie with a double-layer hood, ribbed cuffs and a kangaroo pocket deep enough for a paperback.',
      'Cut roomy through the body; size down for a closer fit.',
    ],
    ...goods('HOOD', 78, 26, 0.72, 'Northbound'),
    options: [
      colors(['Charcoal', '#3b3d42'], ['Oat', '#d9cbb0'], ['Navy', '#25324d']),
      sizes('S', 'M', 'L', 'XL', 'XXL'),
    ],
    // XXL costs more and is sold out in every colour.
    variants: ({ Size }) => ({
      price: Size === 'XXL' ? 84 : undefined,
      quantity: Size === 'XXL' ? 0 : sizeStock[Size!],
    }),
    info: [care('80% cotton, 20% recycled polyester.', 'Wash inside out at 30 °C.')],
    picture: { motif: 'hoodie', palette: ['#e4e1da', '#3b3d42', '#d9cbb0'] },
  },
  {
    slug: 'merino-crew-sweater',
    name: 'Merino Crew Sweater',
    description: [
      'Fine-gauge extra-fine merino that regulates temperature, resists odour and layers under a jacket without bulk.',
      'Knitted in Portugal from mulesing-free wool.',
    ],
    ...goods('MERINO', 120, 38, 0.35, 'Northbound'),
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: 20 },
    options: [colors(['Oat', '#d9cbb0'], ['Forest', '#2f4a3a']), sizes('S', 'M', 'L')],
    variants: ({ Color, Size }) => ({ quantity: Color === 'Forest' && Size === 'S' ? 0 : 7 }),
    info: [care('100% extra-fine merino wool, 18.5 micron.', 'Hand wash cold, dry flat.')],
    picture: { motif: 'sweater', palette: ['#ece6da', '#d9cbb0', '#2f4a3a'] },
  },
  {
    slug: 'linen-button-down-shirt',
    name: 'Linen Button-Down Shirt',
    description: [
      'Washed European linen in a classic button-down cut, with a curved hem that works tucked or untucked.',
      'Breathable on hot days and softer with every wash.',
    ],
    ...goods('LINEN', 68, 21, 0.24, 'Vitrine Basics'),
    options: [sizes('S', 'M', 'L', 'XL')],
    variants: ({ Size }) => ({ quantity: { S: 5, M: 9, L: 0, XL: 2 }[Size!] }),
    info: [care('100% European flax linen.', 'Machine wash warm; iron damp.')],
    picture: { motif: 'shirt', palette: ['#e6eef2', '#a9c4d6', '#ffffff'], images: 2 },
  },
  {
    slug: 'canvas-chore-jacket',
    name: 'Canvas Chore Jacket',
    description: [
      'A workwear classic in 12 oz organic cotton canvas: three patch pockets, corozo buttons and a blanket-lined body for cold mornings.',
      'It starts stiff and breaks in to fit you.',
    ],
    ...goods('CHORE', 148, 52, 1.1, 'Northbound'),
    options: [colors(['Olive', '#5d6541'], ['Indigo', '#2e3a5c']), sizes('S', 'M', 'L', 'XL')],
    variants: ({ Size }) => ({
      price: Size === 'XL' ? 158 : undefined,
      quantity: sizeStock[Size!],
    }),
    info: [
      care('100% organic cotton canvas, wool-blend lining.', 'Spot clean; cold wash if needed.'),
    ],
    picture: { motif: 'jacket', palette: ['#e7e3d6', '#5d6541', '#c9a24a'] },
  },
  {
    slug: 'ribbed-beanie',
    name: 'Ribbed Beanie',
    description:
      'A deep-cuff rib-knit beanie in soft lambswool, roomy enough to fold or wear slouched.',
    ...goods('BEANIE', 32, 8, 0.09, 'Northbound', 40),
    ribbon: 'New',
    options: [colors(['Rust', '#b5532f'], ['Charcoal', '#3b3d42'], ['Cream', '#eee4cf'])],
    info: [care('100% lambswool.', 'Hand wash cold.')],
    picture: { motif: 'beanie', palette: ['#f1e7dc', '#b5532f', '#eee4cf'] },
  },
  {
    slug: 'cotton-crew-socks',
    name: 'Cotton Crew Socks, 3-Pack',
    description:
      'Three pairs of cushioned combed-cotton socks with a reinforced heel and toe and a rib that stays up all day.',
    ...goods('SOCKS', 18, 4.5, 0.15, 'Vitrine Basics', 120),
    ribbon: 'Sale',
    discount: { type: 'AMOUNT', value: 3 },
    options: [sizes('S/M', 'L/XL')],
    info: [care('80% combed cotton, 18% polyamide, 2% elastane.', 'Machine wash warm.')],
    picture: { motif: 'socks', palette: ['#f3efe6', '#c96f4a', '#2e3a5c'], images: 2 },
  },
]
