import { colors, prose, SHIPPING_INFO, sizes, type DemoProduct } from './demo-product.js'

const care = (material: string, wash: string) => ({
  title: 'Materials & care',
  description: prose(material, wash),
})

/** Stock that runs thin at the ends of the size range. */
const sizeStock: Record<string, number> = { XS: 4, S: 12, M: 18, L: 15, XL: 6, XXL: 3 }

/** The demo shop's clothing: options, managed variants with their own prices and stock. */
export const APPAREL: DemoProduct[] = [
  {
    slug: 'everyday-organic-tee',
    name: 'Everyday Organic Tee',
    description: prose(
      'The T-shirt you reach for first: midweight organic cotton jersey, a relaxed fit that keeps its shape, and a collar that does not ripple after the tenth wash.',
      'Garment-dyed for a soft, lived-in colour from day one.',
    ),
    sku: 'TEE',
    price: 28,
    cost: 9.5,
    weight: 0.18,
    brand: 'Vitrine Basics',
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
    info: [
      care('100% organic cotton, 180 g/m².', 'Machine wash cold, tumble dry low.'),
      SHIPPING_INFO,
    ],
    motif: 'tee',
    palette: ['#efe9df', '#f4f1ea', '#c96f4a'],
  },
  {
    slug: 'heavyweight-hoodie',
    name: 'Heavyweight Hoodie',
    description: prose(
      'A 400 g/m² brushed-back fleece hoodie with a double-layer hood, ribbed cuffs and a kangaroo pocket deep enough for a paperback.',
      'Cut roomy through the body; size down for a closer fit.',
    ),
    sku: 'HOOD',
    price: 78,
    cost: 26,
    weight: 0.72,
    brand: 'Northbound',
    options: [
      colors(['Charcoal', '#3b3d42'], ['Oat', '#d9cbb0'], ['Navy', '#25324d']),
      sizes('S', 'M', 'L', 'XL', 'XXL'),
    ],
    // XXL costs more and is sold out in every colour.
    variants: ({ Size }) => ({
      price: Size === 'XXL' ? 84 : undefined,
      quantity: Size === 'XXL' ? 0 : sizeStock[Size!],
    }),
    info: [care('80% cotton, 20% recycled polyester.', 'Wash inside out at 30 °C.'), SHIPPING_INFO],
    motif: 'hoodie',
    palette: ['#e4e1da', '#3b3d42', '#d9cbb0'],
  },
  {
    slug: 'merino-crew-sweater',
    name: 'Merino Crew Sweater',
    description: prose(
      'Fine-gauge extra-fine merino that regulates temperature, resists odour and layers under a jacket without bulk.',
      'Knitted in Portugal from mulesing-free wool.',
    ),
    sku: 'MERINO',
    price: 120,
    cost: 38,
    weight: 0.35,
    brand: 'Northbound',
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: 20 },
    options: [colors(['Oat', '#d9cbb0'], ['Forest', '#2f4a3a']), sizes('S', 'M', 'L')],
    variants: ({ Color, Size }) => ({ quantity: Color === 'Forest' && Size === 'S' ? 0 : 7 }),
    info: [
      care('100% extra-fine merino wool, 18.5 micron.', 'Hand wash cold, dry flat.'),
      SHIPPING_INFO,
    ],
    motif: 'sweater',
    palette: ['#ece6da', '#d9cbb0', '#2f4a3a'],
  },
  {
    slug: 'linen-button-down-shirt',
    name: 'Linen Button-Down Shirt',
    description: prose(
      'Washed European linen in a classic button-down cut, with a curved hem that works tucked or untucked.',
      'Breathable on hot days and softer with every wash.',
    ),
    sku: 'LINEN',
    price: 68,
    cost: 21,
    weight: 0.24,
    brand: 'Vitrine Basics',
    options: [sizes('S', 'M', 'L', 'XL')],
    variants: ({ Size }) => ({ quantity: { S: 5, M: 9, L: 0, XL: 2 }[Size!] }),
    info: [care('100% European flax linen.', 'Machine wash warm; iron damp.'), SHIPPING_INFO],
    motif: 'shirt',
    palette: ['#e6eef2', '#a9c4d6', '#ffffff'],
    images: 2,
  },
  {
    slug: 'canvas-chore-jacket',
    name: 'Canvas Chore Jacket',
    description: prose(
      'A workwear classic in 12 oz organic cotton canvas: three patch pockets, corozo buttons and a blanket-lined body for cold mornings.',
      'It starts stiff and breaks in to fit you.',
    ),
    sku: 'CHORE',
    price: 148,
    cost: 52,
    weight: 1.1,
    brand: 'Northbound',
    options: [colors(['Olive', '#5d6541'], ['Indigo', '#2e3a5c']), sizes('S', 'M', 'L', 'XL')],
    variants: ({ Size }) => ({
      price: Size === 'XL' ? 158 : undefined,
      quantity: sizeStock[Size!],
    }),
    info: [
      care('100% organic cotton canvas, wool-blend lining.', 'Spot clean; cold wash if needed.'),
      SHIPPING_INFO,
    ],
    motif: 'jacket',
    palette: ['#e7e3d6', '#5d6541', '#c9a24a'],
  },
  {
    slug: 'ribbed-beanie',
    name: 'Ribbed Beanie',
    description: prose(
      'A deep-cuff rib-knit beanie in soft lambswool, roomy enough to fold or wear slouched.',
    ),
    sku: 'BEANIE',
    price: 32,
    cost: 8,
    weight: 0.09,
    brand: 'Northbound',
    ribbon: 'New',
    quantity: 40,
    options: [colors(['Rust', '#b5532f'], ['Charcoal', '#3b3d42'], ['Cream', '#eee4cf'])],
    info: [care('100% lambswool.', 'Hand wash cold.'), SHIPPING_INFO],
    motif: 'beanie',
    palette: ['#f1e7dc', '#b5532f', '#eee4cf'],
  },
  {
    slug: 'cotton-crew-socks',
    name: 'Cotton Crew Socks, 3-Pack',
    description: prose(
      'Three pairs of cushioned combed-cotton socks with a reinforced heel and toe and a rib that stays up all day.',
    ),
    sku: 'SOCKS',
    price: 18,
    cost: 4.5,
    weight: 0.15,
    brand: 'Vitrine Basics',
    ribbon: 'Sale',
    discount: { type: 'AMOUNT', value: 3 },
    quantity: 120,
    options: [sizes('S/M', 'L/XL')],
    info: [
      care('80% combed cotton, 18% polyamide, 2% elastane.', 'Machine wash warm.'),
      SHIPPING_INFO,
    ],
    motif: 'socks',
    palette: ['#f3efe6', '#c96f4a', '#2e3a5c'],
    images: 2,
  },
]
