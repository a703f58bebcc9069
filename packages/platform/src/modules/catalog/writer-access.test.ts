import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentity } from '../../auth/identities.js'
import { issueTokens } from '../../auth/tokens.js'
import type { IdentityType } from '../../db/schema.js'
import {
  catalogClient,
  rejection,
  startCatalog,
  type CatalogClient,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

/**
 * Every writer call with a body the admin gets a 400 for (or an unknown id: 404), so a 401 or 403
 * for the same call shows that the caller is checked before the body.
 */
const CALLS: [string, number, (client: CatalogClient, id: string) => Promise<unknown>][] = [
  ['createProduct', 400, (c) => c.catalogWriter.createProduct({})],
  ['updateProduct', 400, (c, id) => c.catalogWriter.updateProduct(id, { name: '' })],
  ['deleteProduct', 404, (c) => c.catalogWriter.deleteProduct('ghost')],
  ['updateProductVariants', 400, (c, id) => c.catalogWriter.updateProductVariants(id, [])],
  ['resetAllProductVariantData', 404, (c) => c.catalogWriter.resetAllProductVariantData('ghost')],
  ['addProductsToCollection', 400, (c, id) => c.catalogWriter.addProductsToCollection(id, [])],
  [
    'removeProductsFromCollection',
    400,
    (c, id) => c.catalogWriter.removeProductsFromCollection(id, []),
  ],
  ['addProductMedia', 400, (c, id) => c.catalogWriter.addProductMedia(id, [])],
  ['removeProductMedia', 400, (c, id) => c.catalogWriter.removeProductMedia(id, [])],
  ['addProductMediaToChoices', 400, (c, id) => c.catalogWriter.addProductMediaToChoices(id, [])],
  [
    'removeProductMediaFromChoices',
    400,
    (c, id) => c.catalogWriter.removeProductMediaFromChoices(id, []),
  ],
  ['deleteProductOptions', 404, (c) => c.catalogWriter.deleteProductOptions('ghost')],
  ['removeBrand', 404, (c) => c.catalogWriter.removeBrand('ghost')],
  ['removeRibbon', 404, (c) => c.catalogWriter.removeRibbon('ghost')],
  ['createCollection', 400, (c) => c.catalogWriter.createCollection({ name: '' })],
  ['updateCollection', 400, (c, id) => c.catalogWriter.updateCollection(id, { slug: 'no spaces' })],
  ['deleteCollection', 404, (c) => c.catalogWriter.deleteCollection('ghost')],
  ['bulkUpdateProductsProperty', 400, (c) => c.catalogWriter.bulkUpdateProductsProperty([], {})],
  ['bulkAdjustProductProperty', 400, (c) => c.catalogWriter.bulkAdjustProductProperty({}, [])],
]

describe.each(DIALECTS)('catalog writer access on %s', (dialect) => {
  let catalog: CatalogPlatform
  let productId: string
  /** A client acting as a new identity of `type`, with an access token of its own. */
  const as = async (type: IdentityType) => {
    const db = catalog.platform.app.platform.db.kysely
    const identity = await createIdentity(db, type)
    const lifetimes = { accessTokenTtlSeconds: 3600, refreshTokenTtlSeconds: 3600 }
    const token = (await issueTokens(db, identity.id, 'demo-storefront', lifetimes)).accessToken
    const auth = { elevated: true, getAuthHeaders: () => ({ headers: { Authorization: token } }) }
    return { identity, client: catalogClient(catalog.platform.baseUrl, auth) }
  }

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    productId = (await catalog.admin.catalogWriter.createProduct({ name: 'Guarded' })).product.id
  })
  afterAll(() => catalog.close())

  it.each(CALLS)(
    '%s: 401 without a token, 403 for a visitor, before the body is read',
    async (_name, adminStatus, call) => {
      expect(await rejection(call(catalog.admin, productId))).toMatchObject({ status: adminStatus })
      expect(await rejection(call(catalog.nobody, productId))).toMatchObject({
        status: 401,
        kind: 'client',
      })
      expect(await rejection(call(catalog.visitorAsWriter, productId))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      })
    },
  )

  it('lets an app or site user write, with its identity on the events; refuses a member', async () => {
    const app = await as('APP')
    const { product } = await app.client.catalogWriter.createProduct({ name: 'By an app' })
    const [event] = (await catalog.events('ProductCreated')).filter(
      (e) => e.payload.productId === product.id,
    )
    expect(event!.identity).toEqual({ identityType: 'APP', appId: app.identity.id })
    const user = await as('WIX_USER')
    await user.client.catalogWriter.removeBrand(product.id)
    const member = await as('MEMBER')
    expect(await rejection(member.client.catalogWriter.deleteProduct(product.id))).toMatchObject({
      status: 403,
    })
    expect((await catalog.visitor.products.getProduct(product.id)).product.name).toBe('By an app')
  })
})
