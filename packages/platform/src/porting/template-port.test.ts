import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { createClient, media, STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startPlatform, type TestPlatform } from '../test-support/platform.js'
import * as official from './template-data-layer.js'

/*
 * A shop's data layer written for the official client (`template-data-layer.ts`) is run as it is
 * and, after the porting guide's mechanical edits (`port` below, the edits that
 * packages/client/README.md "Coming from the official client" marks as mechanical), on
 * `@vitrine/client`, against one local platform with the demo catalog. Each data layer is its own
 * visitor. The official client cannot be given a host: the test points the provider's hosts
 * (`*.wixapis.com`, `static.wixstatic.com`) at the platform, as a proxy would, and checks that the
 * ported layer never goes through that detour (its `baseUrl` takes it to the platform).
 *
 * How results are compared: step by step, the official layer's result and the ported one's are
 * brought to one canonical form and must be equal (`toEqual`). The canonical form of a result:
 * - the official client's key names `_id`, `_createdDate`, `_updatedDate` become the wire's `id`,
 *   `createdDate`, `updatedDate` (the guide's own row; nothing else is renamed);
 * - what the platform makes anew for each visitor differs between two visitors on any client: an id
 *   not known beforehand (known: the catalog's, the stores app's, the test's own) — a cart's, a
 *   line's, a checkout's, a visitor's, a request's — becomes `<id n>`, n counting that visitor's
 *   ids in order of first appearance over the whole scenario (keys taken in one order), so an id
 *   that comes back must come back in the same places on both sides; a `Date` becomes `<Date>`
 *   (so a `Date` on one side and a string on the other still differ);
 * - a rejection becomes `{ rejected: { status, details } }`, what an official-style check reads.
 * Everything else (values, key sets, types, the order of array items) must be the same, but for
 * one difference of the guide's table that one step shows on purpose (`fieldsByArgument`).
 */

type DataLayer = typeof official

const TEE = 'everyday-organic-tee'
const MUG = 'stoneware-mug'
const POUR_OVER = 'pour-over-coffee-set'
const SAME_CATEGORIES = '68ebce04-b96a-4c52-9329-08fc9d8c1253'
const SHOP = 'https://shop.example'
const ELSEWHERE = 'https://elsewhere.example'
const UNKNOWN = '00000000-0000-4000-8000-000000000404'

const PROVIDER_HOSTS = /^https:\/\/([a-z0-9-]+\.wixapis\.com|static\.wixstatic\.com)(?=\/)/
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const WIRE_NAMES: Record<string, string> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
}
const realFetch = globalThis.fetch
const SOURCE = fileURLToPath(new URL('./template-data-layer.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * The porting guide's mechanical edits, as text edits of `source`: the official packages' imports
 * become imports of `@vitrine/client/wix`, the entry whose modules carry the official modules'
 * enumerations (a module's own package, `import * as products from
 * '@wix/auto_sdk_stores_products'`, the named import of that module), every `createClient` gets
 * the platform's `baseUrl`, and the official `_id`, `_createdDate`, `_updatedDate` their wire names.
 */
function port(source: string, baseUrl: string): string {
  const ported = source
    .replace(
      /import \* as (\w+) from '@wix\/auto_sdk_[a-z]+_[\w-]+'/g,
      "import { $1 } from '@vitrine/client/wix'",
    )
    .replace(
      /from '@wix\/(sdk|stores|ecom|redirects|identity|members)'/g,
      "from '@vitrine/client/wix'",
    )
    .replace(/createClient\(\{/g, `createClient({ baseUrl: ${JSON.stringify(baseUrl)},`)
    .replace(/\b_(id|createdDate|updatedDate)\b/g, '$1')
  const left = /from '(@wix\/[^']+)'/.exec(ported)
  if (left) throw new Error(`${left[1]} has no counterpart in @vitrine/client`)
  return ported
}

/** The canonical form of `value` (see above); `ids` numbers one visitor's generated ids. */
function canonical(value: unknown, ids: Map<string, string>, known: Set<string>): unknown {
  if (value instanceof Date) return '<Date>'
  if (typeof value === 'string')
    return value.replace(UUID, (id) => {
      if (known.has(id)) return id
      if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`)
      return ids.get(id)!
    })
  if (Array.isArray(value)) return value.map((item) => canonical(item, ids, known))
  if (value === null || typeof value !== 'object') return value
  // Keys in one order on both sides, so that ids are numbered alike (the official client moves the
  // keys it renames to the end).
  const entries = Object.entries(value).map(
    ([key, item]) => [WIRE_NAMES[key] ?? key, item] as const,
  )
  return Object.fromEntries(
    entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => [key, canonical(item, ids, known)]),
  )
}

/**
 * The guide's row on validation errors, the one difference a step may show (and must: the official
 * client's fields are changed): it names a field by its argument (`options.callbacks.postFlowUrl`),
 * `@vitrine/client` by the wire (`callbacks.postFlowUrl`).
 */
function fieldsByArgument(official: any): unknown {
  const { fieldViolations } = official.rejected.details.validationError
  const onTheWire = fieldViolations.map((violation: { field: string }) => {
    expect(violation.field).toMatch(/^options\./)
    return { ...violation, field: violation.field.slice('options.'.length) }
  })
  const details = { ...official.rejected.details, validationError: { fieldViolations: onTheWire } }
  return { rejected: { ...official.rejected, details } }
}

/** The type errors of `file`, checked against `@vitrine/client/wix`'s source with the repository's settings. */
function typeErrors(file: string): string[] {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const program = ts.createProgram([file], {
    ...options,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
    paths: { '@vitrine/client/wix': [join(ROOT, 'packages/client/src/wix/index.ts')] },
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))
}

/** A step's result, or what a check reads of its rejection. */
const settle = (run: () => unknown) =>
  Promise.resolve()
    .then(run)
    .catch((error: any) => ({ rejected: { status: error?.status, details: error?.details } }))

describe('a template-style data layer, ported to @vitrine/client by the mechanical edits only', () => {
  let platform: TestPlatform
  let ported: DataLayer
  let dir: string
  let file: string
  /** The ids the scenario does not make: the catalog's, the stores app's, the test's own. */
  const known = new Set<string>([STORES_APP_ID, SAME_CATEGORIES, UNKNOWN])
  const officialIds = new Map<string, string>()
  const portedIds = new Map<string, string>()
  /** The provider URLs the test sent to the platform instead. */
  const detoured: string[] = []

  /**
   * Runs `run` with the official layer, then with the ported one; expects the same canonical
   * results and resolves with both (the official one first). `own` picks a layer's own of a pair
   * of earlier results (its cart, its lines).
   */
  async function step<T>(
    run: (layer: DataLayer, own: <P>(pair: readonly [P, P]) => P) => T | Promise<T>,
    { guideRow }: { guideRow?: (official: unknown) => unknown } = {},
  ): Promise<[T, T]> {
    const theirs = await settle(() => run(official, (pair) => pair[0]))
    const before = detoured.length
    const ours = await settle(() => run(ported, (pair) => pair[1]))
    expect(detoured.slice(before), 'the ported layer went to the provider').toEqual([])
    const expected = canonical(theirs, officialIds, known)
    expect(canonical(ours, portedIds, known)).toEqual(guideRow ? guideRow(expected) : expected)
    return [theirs, ours] as [T, T]
  }

  /** A product's id by slug (the same on both sides: the catalog is one). */
  const productId = async (slug: string) => (await official.getProductBySlug(slug))!._id!

  beforeAll(async () => {
    platform = await startPlatform('sqlite', {
      seed: 'demo',
      workers: false,
      allowedOrigins: [SHOP],
    })
    const { baseUrl } = platform
    const { db } = platform.app.platform
    for (const table of ['products', 'variants', 'collections'] as const)
      for (const { id } of await db.kysely.selectFrom(table).select('id').execute()) known.add(id)
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!PROVIDER_HOSTS.test(url)) return realFetch(input, init)
      detoured.push(url)
      return realFetch(url.replace(PROVIDER_HOSTS, baseUrl), init)
    })
    dir = await mkdtemp(join(tmpdir(), 'vitrine-port-'))
    // `.mts`: an ES module for the type check too, wherever the directory is.
    file = join(dir, 'ported-data-layer.mts')
    await writeFile(file, port(await readFile(SOURCE, 'utf8'), baseUrl))
    ported = (await import(/* @vite-ignore */ file)) as DataLayer
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await platform?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('ports by the mechanical edits only', async () => {
    const source = await readFile(SOURCE, 'utf8')
    const edited = port(source, 'http://127.0.0.1:4100')
    expect(source).toMatch(/from '@wix\//)
    expect(edited).not.toMatch(/@wix\/|\b_id\b/)
    expect(edited.split('\n').length).toBe(source.split('\n').length)
  })

  it('the ported source type-checks against @vitrine/client', () => {
    expect(typeErrors(file)).toEqual([])
  })

  it('before the session cookie (tokens `{}`) a new visitor; then one session per layer', async () => {
    expect(await step((layer) => layer.getCart())).toEqual([undefined, undefined])
    expect(await step((layer) => layer.startVisitorSession())).toEqual([true, true])
    expect(await step((layer) => layer.startVisitorSession())).toEqual([false, false])
    // The official layer was taken to the platform (so the detour is in place).
    expect(detoured).toContainEqual(
      expect.stringMatching(/^https:\/\/www\.wixapis\.com\/oauth2\/token/),
    )
  })

  it('lists products sorted by price, name and date, and searched by name', async () => {
    const [ascending] = await step((layer) => layer.queryProducts({ sort: 'price-asc' }))
    const prices = ascending.items.map((product) => product.priceData?.price ?? 0)
    expect(prices).toHaveLength(8)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(ascending.totalCount).toBeGreaterThanOrEqual(24)
    const [descending] = await step((layer) => layer.queryProducts({ sort: 'price-desc' }))
    expect(descending.items[0]!.priceData!.price).toBeGreaterThan(prices.at(-1)!)
    const [byName] = await step((layer) => layer.queryProducts({ sort: 'name', limit: 30 }))
    const names = byName.items.map((product) => product.name!)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const [newest] = await step((layer) => layer.queryProducts({ sort: 'newest', limit: 3 }))
    expect(newest.items).toHaveLength(3)
    const [found] = await step((layer) => layer.queryProducts({ search: 'Heavy' }))
    expect(found.items.map((product) => product.name)).toEqual(['Heavyweight Hoodie'])
  })

  it('reads a product by slug and by id, its options with the enum of the module', async () => {
    const tees = await step((layer) => layer.getProductBySlug(TEE))
    const [tee] = tees
    expect(tee).toMatchObject({ slug: TEE, name: 'Everyday Organic Tee' })
    expect(await step((layer) => layer.getProductBySlug('no-such-product'))).toEqual([
      undefined,
      undefined,
    ])
    const [options] = await step((layer, own) => layer.productOptions(own(tees)!))
    expect(options.map((option) => [option.name, option.swatches])).toEqual([
      ['Color', true],
      ['Size', false],
    ])
    const [byId] = await step((layer) => layer.getProduct(tee!._id!))
    expect(byId).toMatchObject({ slug: TEE })
  })

  it('reads collections, a collection by slug and its products; an unknown one has none', async () => {
    const [all] = await step((layer) => layer.queryCollections())
    expect(all.map((collection) => collection.slug)).toContain('apparel')
    const [apparel] = await step((layer) => layer.getCollectionBySlug('apparel'))
    expect(apparel).toMatchObject({ slug: 'apparel', name: 'Apparel' })
    const [inIt] = await step((layer) => layer.getCollectionProducts('apparel', 'price-asc'))
    expect(inIt.map((product) => product.slug)).toContain(TEE)
    expect(await step((layer) => layer.getCollectionBySlug('no-such-collection'))).toEqual([
      undefined,
      undefined,
    ])
    expect(await step((layer) => layer.getCollectionProducts('no-such-collection'))).toEqual([
      [],
      [],
    ])
  })

  it('an unknown product: undefined by the error check, a rejection when added to the cart', async () => {
    expect(await step((layer) => layer.getProduct(UNKNOWN))).toEqual([undefined, undefined])
    const [rejected] = await step((layer) => layer.addToCart(UNKNOWN))
    expect(rejected).toMatchObject({
      rejected: { status: 404, details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } } },
    })
  })

  it('a cart: none at first, lines added with options, read, their URL and picture', async () => {
    expect(await step((layer) => layer.getCart())).toEqual([undefined, undefined])
    const ids = await Promise.all([TEE, MUG, POUR_OVER].map(productId))
    const [added] = await step((layer) =>
      layer.addToCart(ids[0]!, 2, { Color: 'Black', Size: 'M' }),
    )
    expect(added?.lineItems).toHaveLength(1)
    await step((layer) => layer.addToCart(ids[1]!, 1, { Color: 'Midnight Blue' }))
    await step((layer) => layer.addToCart(ids[2]!))
    const carts = await step((layer) => layer.getCart())
    const [lines, ourLines] = await step((layer, own) => layer.cartLines(own(carts)))
    expect(
      lines.map(({ productSlug, quantity, options }) => [productSlug, quantity, options]),
    ).toEqual([
      [TEE, 2, ['Color: Black', 'Size: M']],
      [MUG, 1, ['Color: Midnight Blue']],
      [POUR_OVER, 1, []],
    ])
    // The picture: the same URL on the provider's media host from both clients, which the
    // platform serves (reached here through the provider hosts' detour) …
    const image = lines[0]!.image!
    expect(image).toMatch(/^https:\/\/static\.wixstatic\.com\/media\//)
    const served = await fetch(image)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    // … and, by the guide's media row, on the platform's own host from a client of it.
    const onPlatform = createClient({ baseUrl: platform.baseUrl }).use(media)
    const local = onPlatform.getImageUrl(carts[1]!.lineItems![0]!.image!).url
    expect(local).toBe(image.replace('https://static.wixstatic.com', platform.baseUrl))
    expect((await realFetch(local)).status).toBe(200)
    expect(ourLines[0]!.image).toBe(image)
  })

  it('a cart: a quantity updated, a line removed, by the line ids of each client', async () => {
    const lines = await step(async (layer) => layer.cartLines(await layer.getCart()))
    const [updated] = await step(async (layer, own) =>
      layer.cartLines(await layer.updateLineItemQuantity(own(lines)[0]!.id, 3)),
    )
    expect(updated.map((line) => line.quantity)).toEqual([3, 1, 1])
    const [left] = await step(async (layer, own) =>
      layer.cartLines(await layer.removeLineItem(own(lines)[2]!.id)),
    )
    expect(left.map((line) => [line.productSlug, line.quantity])).toEqual([
      [TEE, 3],
      [MUG, 1],
    ])
    const [cart] = await step((layer) => layer.getCart())
    expect(cart?.lineItems).toHaveLength(2)
  })

  it('recommends products from the same collections, the product itself left out', async () => {
    const tee = await productId(TEE)
    const [recommended] = await step((layer) => layer.getRecommendedProducts(tee))
    const slugs = recommended.map((product) => product.slug)
    expect(slugs.length).toBeGreaterThanOrEqual(3)
    expect(slugs).not.toContain(TEE)
  })

  it('checks out through a redirect session; a refused callback URL is the same 400', async () => {
    const to = (origin: string) => ({
      postFlowUrl: `${origin}/cart`,
      thankYouPageUrl: `${origin}/thank-you`,
    })
    const [refused] = await step((layer) => layer.createCheckoutAndRedirect(to(ELSEWHERE)), {
      guideRow: fieldsByArgument,
    })
    expect(refused).toMatchObject({ rejected: { status: 400 } })
    const [url] = await step((layer) => layer.createCheckoutAndRedirect(to(SHOP)))
    expect(url?.startsWith(`${platform.baseUrl}/`)).toBe(true)
    expect((await realFetch(url!)).status).toBe(200)
  })
})
