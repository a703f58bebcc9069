import { ACCESSORIES, DIGITAL } from './demo-accessories.js'
import { APPAREL } from './demo-apparel.js'
import { HOME } from './demo-home.js'
import type { DemoCollection, DemoProduct } from './demo-product.js'

/** Every product of the demo catalog, in the order they were "added" (the last is the newest). */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...HOME,
  ...ACCESSORIES,
  ...DIGITAL,
  ...APPAREL,
]

const slugs = (products: DemoProduct[]) => products.map((product) => product.slug)
const where = (test: (product: DemoProduct) => boolean) => slugs(DEMO_PRODUCTS.filter(test))

/** The demo collections. */
export const DEMO_COLLECTIONS: readonly DemoCollection[] = [
  {
    slug: 'apparel',
    name: 'Apparel',
    description: 'Everyday clothing in natural fibres, made to be worn often and kept for years.',
    picture: { motif: 'tee', palette: ['#e7e1d6', '#c96f4a', '#2e3a5c'] },
    products: slugs(APPAREL),
  },
  {
    slug: 'home-and-living',
    name: 'Home & Living',
    description: 'Ceramics, textiles and small things that make a room feel like yours.',
    picture: { motif: 'vase', palette: ['#e9ece6', '#b9a48f', '#6f8f6a'] },
    products: slugs(HOME),
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    description: 'Bags, leather goods and finishing touches.',
    picture: { motif: 'tote', palette: ['#efe8dd', '#b48a5a', '#5a3a22'] },
    products: slugs(ACCESSORIES),
  },
  {
    slug: 'digital',
    name: 'Digital',
    description: 'Gift cards and downloads, delivered instantly by e-mail.',
    picture: { motif: 'giftcard', palette: ['#1f2a44', '#e9b44c', '#f6f1e7'] },
    products: slugs(DIGITAL),
  },
  {
    slug: 'sale',
    name: 'Sale',
    description: 'Limited-time markdowns while stock lasts.',
    picture: { motif: 'tag', palette: ['#f7e6e0', '#b03a48', '#f6f1e7'] },
    products: where((product) => !!product.discount),
  },
  {
    slug: 'new-arrivals',
    name: 'New Arrivals',
    description: 'Just landed: the latest additions to the shop.',
    picture: { motif: 'spark', palette: ['#e6eef2', '#2e3a5c', '#e9b44c'] },
    products: where((product) => product.ribbon === 'New'),
  },
]
