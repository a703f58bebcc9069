import { colors, dropDown, goods, section, sizes, type DemoProduct } from './demo-product.js'

/** The demo shop's home goods. */
export const HOME: DemoProduct[] = [
  {
    slug: 'stoneware-mug',
    name: 'Stoneware Mug',
    description: [
      'Wheel-thrown stoneware with a generous handle and a 350 ml belly, glazed inside and out.',
      'Each mug is made by hand, so glaze and shape vary a little from one to the next.',
    ],
    ...goods('MUG', 24, 7, 0.38, 'Hearth & Clay', 64),
    options: [colors(['Speckled White', '#ece8e1'], ['Midnight Blue', '#263553'])],
    info: [section('Care', 'Dishwasher and microwave safe.')],
    picture: { motif: 'mug', palette: ['#dfe6e9', '#ece8e1', '#263553'] },
  },
  {
    slug: 'pour-over-coffee-set',
    name: 'Pour-Over Coffee Set',
    description:
      'A borosilicate glass dripper, a 600 ml carafe and 100 unbleached filters: everything for a clean, bright cup.',
    ...goods('POUROVER', 58, 19, 0.9, 'Kettle & Co', 22),
    picture: { motif: 'coffee', palette: ['#f2ebe3', '#7a4b32', '#d8c3a5'], images: 3 },
  },
  {
    slug: 'linen-throw-pillow',
    name: 'Linen Throw Pillow',
    description: 'Stonewashed linen cover with a hidden zip and a plump feather-down insert.',
    ...goods('PILLOW', 45, 14, 0.6, 'Vitrine Home'),
    options: [
      colors(['Natural', '#d8cdb9'], ['Terracotta', '#c0643f'], ['Slate', '#5b6770']),
      sizes('45 × 45 cm', '55 × 55 cm'),
    ],
    variants: ({ Color, Size }) => ({
      price: Size === '55 × 55 cm' ? 55 : undefined,
      quantity: Color === 'Slate' && Size === '55 × 55 cm' ? 0 : 10,
    }),
    info: [section('Care', 'Cover: machine wash 40 °C. Insert: spot clean.')],
    picture: { motif: 'pillow', palette: ['#efe9e1', '#d8cdb9', '#c0643f'] },
  },
  {
    slug: 'soy-wax-candle',
    name: 'Soy Wax Candle',
    description:
      'Hand-poured soy wax in an amber glass jar with a cotton wick: about 50 hours of slow, clean burn.',
    ...goods('CANDLE', 28, 6, 0.45, 'Vitrine Home', 80),
    ribbon: 'New',
    options: [dropDown('Scent', 'Cedar & Smoke', 'Fig Leaf', 'Sea Salt')],
    picture: { motif: 'candle', palette: ['#f6efe3', '#b86b2c', '#f2d49b'], images: 2 },
  },
  {
    slug: 'ceramic-bud-vase',
    name: 'Ceramic Bud Vase',
    description:
      'A small matte vase for a single stem or a few dried grasses. Watertight glazed interior.',
    ...goods('VASE', 34, 9, 0.3, 'Hearth & Clay', 0),
    picture: { motif: 'vase', palette: ['#e9ece6', '#b9a48f', '#6f8f6a'] },
  },
  {
    slug: 'wool-throw-blanket',
    name: 'Wool Throw Blanket',
    description:
      'A 130 × 180 cm throw woven from undyed wool on a Welsh mill, finished with a twisted fringe.',
    ...goods('THROW', 129, 48, 1.4, 'Vitrine Home', 12),
    ribbon: 'Sale',
    discount: { type: 'AMOUNT', value: 20 },
    info: [section('Care', 'Dry clean or hand wash cold.')],
    picture: { motif: 'blanket', palette: ['#eee6da', '#9b7d5a', '#e0cfb1'], images: 2 },
  },
  {
    slug: 'oak-serving-board',
    name: 'Oak Serving Board',
    description:
      'Solid European oak, oiled and finished with a carved handle: for bread, cheese or a stack of books.',
    ...goods('BOARD', 46, 15, 1.2, 'Vitrine Home', 18),
    info: [section('Care', 'Hand wash; oil now and then.')],
    picture: { motif: 'board', palette: ['#f1ece4', '#b4874f', '#6b4a2b'] },
  },
  {
    slug: 'single-origin-coffee-beans',
    name: 'Single-Origin Coffee Beans, 500 g',
    description: [
      'Washed Ethiopian Yirgacheffe, roasted light to keep its notes of jasmine, bergamot and stone fruit.',
      'Roasted to order and shipped within two days.',
    ],
    ...goods('BEANS', 22, 9, 0.52, 'Kettle & Co', 50),
    pricePerUnit: {
      totalQuantity: 500,
      totalMeasurementUnit: 'G',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    },
    info: [section('Roast', 'Light roast. Best for filter and pour-over.')],
    picture: { motif: 'beans', palette: ['#f3ead9', '#6b3f26', '#c9a46b'] },
  },
  {
    slug: 'brass-desk-lamp',
    name: 'Brass Desk Lamp',
    description:
      'A solid brass lamp with an adjustable arm and a warm dimmable LED, wired with a cloth cable.',
    ...goods('LAMP', 89, 33, 1.6, 'Lumen Works', 9),
    picture: { motif: 'lamp', palette: ['#2d3136', '#c9a24a', '#f6d98c'], images: 3 },
  },
]
