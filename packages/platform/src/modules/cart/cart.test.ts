import {
  ApiKeyStrategy,
  createClient,
  currentCart,
  OAuthStrategy,
  STORES_APP_ID,
  type AuthStrategy,
} from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { insertProduct, withOption } from '../../test-support/catalog-fixtures.js'
import { catalogClient } from '../../test-support/catalog.js'
import { rejection } from '../../test-support/rejection.js'
import { memberIdentityId } from '../../test-support/identity.js'

const ref = (catalogItemId: string, options?: Record<string, unknown>) => ({
  catalogItemId,
  appId: STORES_APP_ID,
  ...(options && { options }),
})

describe.each(DIALECTS)('current cart on %s', (dialect) => {
  let platform: TestPlatform
  const db = () => platform.app.platform.db.kysely
  const shopper = (auth: AuthStrategy = OAuthStrategy({ clientId: 'demo-storefront' })) =>
    createClient({ modules: { currentCart }, auth, baseUrl: platform.baseUrl }).currentCart
  /** A new visitor's cart, and the merchant's backend acting on it: their token and the admin key. */
  const visitorAndMerchant = () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const visitor = shopper(auth)
    const merchant = shopper({
      getAuthHeaders: async () => {
        const { headers } = await auth.getAuthHeaders()
        return { headers: { Authorization: `${headers.Authorization},${platform.adminKey}` } }
      },
    })
    return { visitor, merchant }
  }
  /** A new member, signed on by the site (external login with the admin key). */
  const member = async () => {
    const email = `m-${Math.random()}@example.com`
    const visitor = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth: visitor, baseUrl: platform.baseUrl })
    const tokens = await visitor.getMemberTokensForExternalLoginWithSession(
      email,
      platform.adminKey,
    )
    const identity = { id: await memberIdentityId(db(), email), email }
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    auth.setTokens(tokens)
    return { identity, auth, cart: shopper(auth) }
  }
  const events = async (cartId: string) =>
    (
      await db()
        .selectFrom('events')
        .select(['event_type', 'payload', 'identity'])
        .where('event_type', 'like', 'wix.ecom.v1.cart_%')
        .orderBy('created_date')
        .execute()
    )
      .map((row) => ({
        type: row.event_type,
        payload: JSON.parse(row.payload) as Record<string, any>,
        identity: JSON.parse(row.identity) as Record<string, string>,
      }))
      .filter((event) => event.payload.entityId === cartId)

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())

  it('answers 404 OWNED_CART_NOT_FOUND, like the provider, while the caller has no cart', async () => {
    const cart = shopper()
    const error = await rejection(cart.getCurrentCart())
    expect(error).toMatchObject({ status: 404, kind: 'application', code: 'OWNED_CART_NOT_FOUND' })
    expect(error.requestId).toBeTruthy()
    for (const call of [
      () => cart.removeLineItemsFromCurrentCart(['x']),
      () => cart.updateCurrentCartLineItemQuantity([{ id: 'x', quantity: 1 }]),
      () => cart.removeCouponFromCurrentCart(),
      () => cart.estimateCurrentCartTotals(),
      () => cart.createCheckoutFromCurrentCart(),
      () => cart.deleteCurrentCart(),
    ])
      expect(await rejection(call())).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' })
  })

  it('creates the cart on the first add, priced by the catalog, in the wire shape', async () => {
    const product = await insertProduct(db(), {
      name: 'Linen shirt',
      slug: 'linen-shirt',
      price: 25,
      discount: { type: 'PERCENT', value: 20 },
      sku: 'LS-1',
      weight: 0.4,
      media: {
        items: [
          {
            id: 'm1',
            mediaType: 'image',
            image: { url: 'https://img.test/a.jpg', width: 800, height: 600 },
          },
          {
            id: 'm2',
            mediaType: 'image',
            image: { url: 'https://img.test/b.jpg', width: 10, height: 10 },
          },
        ],
      },
    })
    const cart = shopper()
    const { cart: added } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 2, catalogReference: ref(product.id) }],
    })
    expect(added.createdDate).toBeInstanceOf(Date)
    expect(added).toMatchObject({
      currency: 'USD',
      conversionCurrency: 'USD',
      taxIncludedInPrices: false,
      weightUnit: 'KG',
      buyerInfo: { visitorId: expect.any(String) },
      subtotal: { amount: '40.00', formattedAmount: '$40.00', convertedAmount: '40.00' },
      appliedDiscounts: [],
    })
    expect(added.lineItems).toEqual([
      {
        id: expect.any(String),
        quantity: 2,
        catalogReference: ref(product.id),
        productName: { original: 'Linen shirt', translated: 'Linen shirt' },
        // pageUrlV2, as the client decodes it: the wire's `url` (a path here; the provider's is absolute).
        url: '/product-page/linen-shirt',
        price: {
          amount: '20.00',
          convertedAmount: '20.00',
          formattedAmount: '$20.00',
          formattedConvertedAmount: '$20.00',
        },
        fullPrice: expect.objectContaining({ amount: '25.00' }),
        priceBeforeDiscounts: expect.objectContaining({ amount: '20.00' }),
        lineItemPrice: expect.objectContaining({ amount: '40.00' }),
        descriptionLines: [],
        // The client returns the plain URL of an image without a media id.
        image: 'https://img.test/a.jpg',
        availability: { status: 'AVAILABLE' },
        physicalProperties: { weight: 0.4, sku: 'LS-1', shippable: true },
        itemType: { preset: 'PHYSICAL' },
        paymentOption: 'FULL_PAYMENT_ONLINE',
      },
    ])
  })

  it('prices catalog items by the catalog now: a price the merchant fixes applies to carts at once', async () => {
    const admin = catalogClient(platform.baseUrl, ApiKeyStrategy({ apiKey: platform.adminKey }))
    const { product } = await admin.catalogWriter.createProduct({
      name: 'Wool Coat',
      productType: 'physical',
      priceData: { price: 58 },
    })
    const setPrice = (price: number) =>
      admin.catalogWriter.updateProduct(product.id!, { priceData: { price } })
    const storedPrices = async () =>
      (await db().selectFrom('cart_line_items').select('price').execute()).map((row) =>
        Number(row.price),
      )
    await db().deleteFrom('cart_line_items').execute()

    // The merchant lowers the price by mistake; a visitor adds one at that price.
    await setPrice(0.58)
    const cart = shopper()
    const first = await cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(product.id!) }],
    })
    expect(first.cart.lineItems[0]!.price?.amount).toBe('0.58')

    // The merchant fixes it: the cart shows the right price at once, before any change of it.
    await setPrice(58)
    const read = await cart.getCurrentCart()
    expect(read.lineItems[0]!.price?.amount).toBe('58.00')
    expect(read.subtotal?.amount).toBe('58.00')
    const totals = await cart.estimateCurrentCartTotals()
    expect(totals.priceSummary?.subtotal?.amount).toBe('58.00')

    // 99 more join the line: all 100 at the catalog's price, and the line stores it.
    const more = await cart.addToCurrentCart({
      lineItems: [{ quantity: 99, catalogReference: ref(product.id!) }],
    })
    expect(more.cart.lineItems).toHaveLength(1)
    expect(more.cart.lineItems[0]).toMatchObject({
      quantity: 100,
      price: { amount: '58.00' },
      lineItemPrice: { amount: '5800.00' },
    })
    expect(more.cart.subtotal?.amount).toBe('5800.00')
    expect(await storedPrices()).toEqual([58])
  })

  it('lets only an elevated caller add custom line items: a visitor cannot set a price', async () => {
    const product = await insertProduct(db(), { name: 'Wool Coat', price: 58 })
    const cart = shopper()
    const cheap = {
      quantity: 5,
      price: '0.01',
      productName: { original: 'Wool Coat' },
      catalogReference: ref(product.id),
    }
    const added = await rejection(cart.addToCurrentCart({ customLineItems: [cheap] }))
    expect(added).toMatchObject({ status: 403, kind: 'client' })
    expect(added.message).toContain('elevated')
    // Checked before the body: a malformed custom item is a 403 too, not a 400 naming fields.
    expect(
      await rejection(cart.addToCurrentCart({ customLineItems: [{ price: 'x' } as never] })),
    ).toMatchObject({ status: 403 })
    expect(await rejection(cart.updateCurrentCart({ customLineItems: [cheap] }))).toMatchObject({
      status: 403,
    })
    // Nothing was created or changed.
    expect(await rejection(cart.getCurrentCart())).toMatchObject({ status: 404 })
    // An empty list adds nothing and is harmless.
    const { cart: plain } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(product.id) }],
      customLineItems: [],
    })
    expect(plain.lineItems.map((line) => line.price?.amount)).toEqual(['58.00'])
  })

  it('merges equal items: the same variant, by id or by choices, adds up; others get their own line', async () => {
    const product = await insertProduct(db(), {
      name: 'Tee',
      price: 10,
      manageVariants: true,
      options: [
        {
          optionType: 'color',
          name: 'Color',
          choices: [
            { value: '#ff0000', description: 'Red' },
            { value: '#0000ff', description: 'Blue' },
          ],
        },
        { optionType: 'drop_down', name: 'Size', choices: [{ value: 'M', description: 'M' }] },
      ],
      variants: [
        { choices: { Color: 'Red', Size: 'M' }, price: 12, sku: 'TEE-R' },
        { choices: { Color: 'Blue', Size: 'M' }, sku: 'TEE-B' },
      ],
    })
    const [red, blue] = product.variantIds
    const cart = shopper()
    await cart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: ref(product.id, { variantId: red }) },
        {
          quantity: 2,
          catalogReference: ref(product.id, { options: { Size: 'M', Color: 'Red' } }),
        },
      ],
    })
    const { cart: after } = await cart.addToCurrentCart({
      lineItems: [
        { quantity: 4, catalogReference: ref(product.id, { variantId: red }) },
        { quantity: 1, catalogReference: ref(product.id, { variantId: blue }) },
        {
          quantity: 1,
          catalogReference: ref(product.id, {
            variantId: blue,
            customTextFields: { Engraving: 'Hi' },
          }),
        },
      ],
    })
    expect(after.lineItems.map((line) => [line.quantity, line.physicalProperties?.sku])).toEqual([
      [7, 'TEE-R'],
      [1, 'TEE-B'],
      [1, 'TEE-B'],
    ])
    const [first, second, third] = after.lineItems
    expect(first!.price?.amount).toBe('12.00')
    expect(second!.price?.amount).toBe('10.00')
    expect(first!.descriptionLines).toEqual([
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Red', translated: 'Red', code: '#ff0000' },
        lineType: 'COLOR',
      },
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'M', translated: 'M' },
        lineType: 'PLAIN_TEXT',
      },
    ])
    expect(third!.descriptionLines).toContainEqual({
      name: { original: 'Engraving', translated: 'Engraving' },
      plainText: { original: 'Hi', translated: 'Hi' },
      lineType: 'PLAIN_TEXT',
    })
    expect(after.subtotal?.amount).toBe('104.00')
  })

  it('adds custom line items priced by an elevated caller, never merged', async () => {
    const { visitor, merchant: cart } = visitorAndMerchant()
    const item = {
      quantity: 1,
      price: '4.5',
      productName: { original: 'Gift wrap' },
      itemType: { preset: 'DIGITAL' },
      media: 'https://img.test/wrap.png',
    }
    await cart.addToCurrentCart({ customLineItems: [item] })
    const { cart: after } = await cart.addToCurrentCart({ customLineItems: [item] })
    expect(after.lineItems).toHaveLength(2)
    expect(after.lineItems[0]).toMatchObject({
      productName: { original: 'Gift wrap' },
      price: { amount: '4.50' },
      image: 'https://img.test/wrap.png',
      itemType: { preset: 'DIGITAL' },
      physicalProperties: { shippable: false },
      availability: { status: 'AVAILABLE' },
      customLineItem: true,
    })
    expect(after.subtotal?.amount).toBe('9.00')
    expect((await visitor.getCurrentCart()).id).toBe(after.id)
  })

  it('refuses unknown, hidden and sold-out items with application errors, and creates no cart', async () => {
    const cart = shopper()
    const unknown = await rejection(
      cart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: ref('nope') }] }),
    )
    expect(unknown).toMatchObject({ status: 404, kind: 'application', code: 'PRODUCT_NOT_FOUND' })
    expect(await rejection(cart.getCurrentCart())).toMatchObject({ status: 404 })

    const hidden = await insertProduct(db(), { visible: false })
    const soldOut = await insertProduct(db(), { inStock: false })
    const tracked = await insertProduct(db(), { trackInventory: true, quantity: 3 })
    const sized = await insertProduct(db(), {
      options: [
        { optionType: 'drop_down', name: 'Size', choices: [{ value: 'S', description: 'S' }] },
      ],
      variants: [{ choices: { Size: 'S' } }],
    })
    const add = (catalogReference: ReturnType<typeof ref>, quantity = 1) =>
      rejection(cart.addToCurrentCart({ lineItems: [{ quantity, catalogReference }] }))
    expect(await add(ref(hidden.id))).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND' })
    expect(await add(ref(soldOut.id))).toMatchObject({ status: 400, code: 'ITEM_OUT_OF_STOCK' })
    expect(await add(ref(tracked.id), 4)).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_INVENTORY',
      data: { quantityAvailable: 3, quantityRequested: 4 },
    })
    expect(await add(ref(sized.id, { variantId: 'nope' }))).toMatchObject({
      status: 404,
      code: 'VARIANT_NOT_FOUND',
    })
    expect(await add(ref(sized.id, { options: { Size: 'XL' } }))).toMatchObject({
      code: 'VARIANT_NOT_FOUND',
    })
    expect(await add(ref(sized.id))).toMatchObject({
      status: 400,
      kind: 'validation',
      fieldViolations: [
        expect.objectContaining({
          field: 'lineItems[0].catalogReference.options',
          violatedRule: 'REQUIRED_FIELD',
        }),
      ],
    })
    expect(
      await add({ catalogItemId: tracked.id, appId: 'another-app' } as ReturnType<typeof ref>),
    ).toMatchObject({ status: 400, code: 'UNSUPPORTED_CATALOG_APP' })

    // Stock counts what the cart already holds.
    await cart.addToCurrentCart({ lineItems: [{ quantity: 2, catalogReference: ref(tracked.id) }] })
    expect(await add(ref(tracked.id), 2)).toMatchObject({ code: 'INSUFFICIENT_INVENTORY' })
    expect((await cart.getCurrentCart()).lineItems[0]).toMatchObject({
      quantity: 2,
      availability: { status: 'AVAILABLE', quantityAvailable: 3 },
    })
  })

  it('answers a shopper about a hidden product, variant or choice exactly as about none', async () => {
    const hidden = await insertProduct(db(), { name: 'SEC Hidden Prototype', visible: false })
    const option = withOption('Size', ['S', 'M'])
    const sized = await insertProduct(db(), {
      name: 'Field Jacket',
      options: option.options,
      variants: [option.variants[0]!, { ...option.variants[1]!, visible: false }],
    })
    const { visitor, merchant } = visitorAndMerchant()
    const add = (client: typeof visitor, catalogReference: ReturnType<typeof ref>) =>
      rejection(client.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference }] }))
    const unknown = await add(visitor, ref('no-such-product'))
    const secret = await add(visitor, ref(hidden.id))
    expect(secret).toMatchObject({ status: 404, kind: 'application', code: 'PRODUCT_NOT_FOUND' })
    expect(secret.message).toBe(unknown.message.replace('no-such-product', hidden.id))
    expect(JSON.stringify(secret)).not.toContain('Prototype')
    const variant = await add(visitor, ref(sized.id, { options: { Size: 'M' } }))
    const noVariant = await add(visitor, ref(sized.id, { options: { Size: 'XL' } }))
    expect(variant).toMatchObject({ status: 404, code: 'VARIANT_NOT_FOUND' })
    expect(variant.message).toBe(noVariant.message)
    // The merchant is told why.
    expect(await add(merchant, ref(hidden.id))).toMatchObject({
      status: 400,
      code: 'ITEM_NOT_AVAILABLE',
      message: expect.stringContaining('SEC Hidden Prototype'),
    })
    expect(await rejection(visitor.getCurrentCart())).toMatchObject({ status: 404 })
  })

  it('reports bad bodies as 400 field violations, never a 500', async () => {
    const cart = shopper()
    const { merchant } = visitorAndMerchant()
    const product = await insertProduct(db())
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          cart.addToCurrentCart({
            lineItems: [{ quantity: 0, catalogReference: ref(product.id) }],
          }),
        'lineItems[0].quantity',
      ],
      [
        () => cart.addToCurrentCart({ lineItems: [{ quantity: 1 } as never] }),
        'lineItems[0].catalogReference',
      ],
      [
        () =>
          merchant.addToCurrentCart({
            customLineItems: [{ quantity: 1, price: '1.234', productName: { original: 'x' } }],
          }),
        'customLineItems[0].price',
      ],
      [() => cart.removeLineItemsFromCurrentCart([]), 'lineItemIds'],
      [
        () => cart.updateCurrentCartLineItemQuantity([{ id: 'a', quantity: -1 }]),
        'lineItems[0].quantity',
      ],
      [
        () => cart.estimateCurrentCartTotals({ shippingAddress: { country: 'USA' } }),
        'shippingAddress.country',
      ],
      [() => cart.createCheckoutFromCurrentCart({ email: 'not-an-email' }), 'email'],
      [() => cart.createCheckoutFromCurrentCart({ channelType: 'MOON' }), 'channelType'],
      [() => cart.updateCurrentCart({ cartFieldmask: ['lineItems'] }), 'cartFieldmask'],
      [() => cart.updateCurrentCart({ couponCode: '' }), 'couponCode'],
    ]
    for (const [call, field] of cases) {
      const error = await rejection(call())
      expect(error, field).toMatchObject({ status: 400, kind: 'validation' })
      expect(error.fieldViolations?.map((v) => v.field)).toContain(field)
    }
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    shopper(auth)
    const raw = await fetch(`${platform.baseUrl}/ecom/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: (await auth.getAuthHeaders()).headers.Authorization!,
      },
      body: '{"lineItems": [',
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({ message: expect.any(String), details: {} })
  })

  it('answers 401 without a valid token, before looking at the body', async () => {
    const anonymous = shopper({ getAuthHeaders: () => ({ headers: {} }) })
    expect(await rejection(anonymous.getCurrentCart())).toMatchObject({ status: 401 })
    expect(
      await rejection(anonymous.addToCurrentCart({ lineItems: [{ quantity: 0 } as never] })),
    ).toMatchObject({ status: 401 })
    const forged = shopper({ getAuthHeaders: () => ({ headers: { Authorization: 'forged' } }) })
    expect(await rejection(forged.deleteCurrentCart())).toMatchObject({ status: 401 })
  })

  it('keeps each identity to its own cart: member A never sees member B', async () => {
    const product = await insertProduct(db(), { price: 3 })
    const a = await member()
    const b = await member()
    const { cart: cartA } = await a.cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(product.id) }],
    })
    expect(cartA.buyerInfo).toEqual({ memberId: a.identity.id, email: a.identity.email })
    expect(await rejection(b.cart.getCurrentCart())).toMatchObject({ code: 'OWNED_CART_NOT_FOUND' })
    const line = cartA.lineItems[0]!.id!
    // B's calls never reach A's lines.
    const { cart: cartB } = await b.cart.addToCurrentCart({
      lineItems: [{ quantity: 5, catalogReference: ref(product.id) }],
    })
    expect(cartB.id).not.toBe(cartA.id)
    await b.cart.removeLineItemsFromCurrentCart([line])
    expect(
      await rejection(b.cart.updateCurrentCartLineItemQuantity([{ id: line, quantity: 9 }])),
    ).toMatchObject({ status: 404, code: 'LINE_ITEM_NOT_FOUND' })
    expect((await a.cart.getCurrentCart()).lineItems).toMatchObject([{ id: line, quantity: 1 }])
    expect((await b.cart.getCurrentCart()).lineItems).toMatchObject([{ quantity: 5 }])
  })

  it('removes line items and sets quantities (0 removes; unknown ids are 404s)', async () => {
    const p1 = await insertProduct(db(), { price: 1 })
    const p2 = await insertProduct(db(), { price: 2 })
    const cart = shopper()
    const { cart: start } = await cart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: ref(p1.id) },
        { quantity: 1, catalogReference: ref(p2.id) },
      ],
    })
    const [l1, l2] = start.lineItems.map((line) => line.id!)
    const { cart: updated } = await cart.updateCurrentCartLineItemQuantity([
      { id: l1!, quantity: 5 },
      { id: l2!, quantity: 0 },
    ])
    expect(updated.lineItems.map((line) => [line.id, line.quantity])).toEqual([[l1, 5]])
    expect(updated.subtotal?.amount).toBe('5.00')
    expect(
      await rejection(cart.updateCurrentCartLineItemQuantity([{ id: 'missing', quantity: 1 }])),
    ).toMatchObject({ status: 404, code: 'LINE_ITEM_NOT_FOUND', data: { lineItemId: 'missing' } })
    const { cart: empty } = await cart.removeLineItemsFromCurrentCart([l1!, 'already-gone'])
    expect(empty.lineItems).toEqual([])
    expect(empty.subtotal?.amount).toBe('0.00')
  })

  it('updates cart info, line quantities and items with PATCH, honouring the field mask', async () => {
    const product = await insertProduct(db(), { price: 2 })
    const cart = shopper()
    const address = {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      addressLine: '1 Main St',
    }
    // PATCH creates the cart when there is none.
    const first = await cart.updateCurrentCart({
      cartInfo: {
        buyerNote: 'Leave at the door',
        contactInfo: { address, contactDetails: { firstName: 'Ann' } },
      },
      lineItems: [{ quantity: 2, catalogReference: ref(product.id) }],
    })
    expect(first).toMatchObject({
      buyerNote: 'Leave at the door',
      contactInfo: { address, contactDetails: { firstName: 'Ann' } },
      lineItems: [{ quantity: 2 }],
    })
    const lineId = first.lineItems[0]!.id!
    // Only the masked field changes: the note is cleared, the contact stays.
    const masked = await cart.updateCurrentCart({
      cartInfo: { contactInfo: { address: { country: 'FR' } } },
      cartFieldmask: ['buyerNote'],
      lineItems: [{ id: lineId, quantity: 3 }],
    })
    expect(masked.buyerNote).toBeUndefined()
    expect(masked.contactInfo).toEqual({ address, contactDetails: { firstName: 'Ann' } })
    expect(masked.lineItems).toMatchObject([{ id: lineId, quantity: 3 }])
    const addressOnly = await cart.updateCurrentCart({
      cartInfo: { contactInfo: { address: { country: 'FR' } } },
      cartFieldmask: ['contactInfo.address'],
    })
    expect(addressOnly.contactInfo).toEqual({
      address: { country: 'FR' },
      contactDetails: { firstName: 'Ann' },
    })
    expect(addressOnly.updatedDate!.getTime()).toBeGreaterThanOrEqual(first.updatedDate!.getTime())
    expect(
      await rejection(cart.updateCurrentCart({ lineItems: [{ id: 'nope', quantity: 1 }] })),
    ).toMatchObject({ status: 404, code: 'LINE_ITEM_NOT_FOUND' })
  })

  it('lets only the merchant give merchant discounts', async () => {
    const product = await insertProduct(db(), { price: 10 })
    const { visitor: cart, merchant } = visitorAndMerchant()
    const { cart: start } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 2, catalogReference: ref(product.id) }],
    })
    const denied = await rejection(cart.updateCurrentCart({ merchantDiscounts: [{ amount: '5' }] }))
    expect(denied).toMatchObject({ status: 403 })

    // The merchant's backend: the shopper's token with the admin key (external-login form).
    const discounted = await merchant.updateCurrentCart({
      merchantDiscounts: [{ amount: '5.00', lineItemIds: [start.lineItems[0]!.id!] }],
    })
    expect(discounted.id).toBe(start.id)
    expect(discounted.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: { amount: expect.objectContaining({ amount: '5.00' }) },
        lineItemIds: [start.lineItems[0]!.id],
      },
    ])
    expect(discounted.subtotalAfterDiscounts).toMatchObject({ amount: '15.00' })
    const unknownLine = await rejection(
      merchant.updateCurrentCart({ merchantDiscounts: [{ amount: '1', lineItemIds: ['x'] }] }),
    )
    expect(unknownLine.fieldViolations?.[0]?.field).toBe('merchantDiscounts[0].lineItemIds[0]')
    // An API key alone acts as the site owner, with a cart of its own.
    const owner = shopper(ApiKeyStrategy({ apiKey: platform.adminKey }))
    expect(await rejection(owner.getCurrentCart())).toMatchObject({ status: 404 })
  })

  it('deletes the cart (200 {}), and emits created, updated and deleted events in its transaction', async () => {
    const product = await insertProduct(db(), { price: 1 })
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const cart = shopper(auth)
    const { cart: created } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(product.id) }],
    })
    await cart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: ref(product.id) }] })
    const raw = await fetch(`${platform.baseUrl}/ecom/v1/carts/current`, {
      method: 'DELETE',
      headers: { authorization: (await auth.getAuthHeaders()).headers.Authorization! },
    })
    expect(raw.status).toBe(200)
    expect(await raw.json()).toEqual({})
    expect(await rejection(cart.getCurrentCart())).toMatchObject({ status: 404 })
    expect(await rejection(cart.deleteCurrentCart())).toMatchObject({ status: 404 })

    const emitted = await events(created.id!)
    expect(emitted.map((event) => event.type)).toEqual([
      'wix.ecom.v1.cart_created',
      'wix.ecom.v1.cart_updated',
      'wix.ecom.v1.cart_deleted',
    ])
    const visitorId = created.buyerInfo!.visitorId
    for (const event of emitted)
      expect(event.identity).toEqual({
        identityType: 'ANONYMOUS_VISITOR',
        anonymousVisitorId: visitorId,
      })
    const [onCreate, onUpdate, onDelete] = emitted.map((event) => event.payload)
    expect(onCreate).toMatchObject({
      entityFqdn: 'wix.ecom.v1.cart',
      slug: 'created',
      entityId: created.id,
      createdEvent: { entity: { id: created.id, lineItems: [{ quantity: 1 }] } },
    })
    expect(onUpdate).toMatchObject({
      slug: 'updated',
      updatedEvent: { currentEntity: { lineItems: [{ quantity: 2 }] } },
    })
    expect(onDelete).toMatchObject({
      slug: 'deleted',
      deletedEvent: { deletedEntity: { id: created.id } },
    })
    // A failed write emits nothing.
    const count = (await events(created.id!)).length
    await rejection(cart.removeCouponFromCurrentCart())
    expect((await events(created.id!)).length).toBe(count)
  })
})
