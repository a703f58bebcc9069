import {
  createClient,
  currentCart,
  OAuthStrategy,
  type OAuthStrategy as Strategy,
} from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storesLine } from '../../test-support/cart.js'
import { takeMemberTokens } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { rejection } from '../../test-support/rejection.js'
import { insertCoupon, insertProduct, withOption } from '../../test-support/catalog-fixtures.js'

/*
 * Visitor cart → member cart at sign-in, through the real client: a visitor fills a cart, then
 * registers or logs in and takes member tokens with the authorization-code flow (PKCE); the
 * member's cart then holds the visitor's items.
 */

const PASSWORD = 'correct horse 1'

describe.each(DIALECTS)('visitor cart merged at sign-in on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  let mug: string
  let shirt: { id: string; variantIds: string[] }
  const db = () => platform.app.platform.db.kysely
  const email = () => `merge-${++seq}-${dialect}@example.com`

  /** A shopper: one OAuthStrategy (a visitor until it signs in) and its client. */
  const shopper = () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const client = createClient({
      modules: { currentCart, authentication },
      auth,
      baseUrl: platform.baseUrl,
    })
    return { auth, cart: client.currentCart }
  }

  /** Takes member tokens for `sessionToken` with the code flow, as the shopper's strategy. */
  const signIn = (auth: Strategy, sessionToken: string) => takeMemberTokens(auth, sessionToken)

  const visitorId = async (cart: ReturnType<typeof shopper>['cart']) =>
    (await cart.getCurrentCart()).buyerInfo!.visitorId!

  const cartOf = (ownerId: string) =>
    db().selectFrom('carts').selectAll().where('owner_identity_id', '=', ownerId).executeTakeFirst()

  const events = async (cartId: string) =>
    (
      await db()
        .selectFrom('events')
        .select(['event_type', 'payload'])
        .where('event_type', 'like', 'wix.ecom.v1.cart_%')
        .orderBy('created_date')
        .execute()
    )
      .map((row) => ({ type: row.event_type, payload: JSON.parse(row.payload) }))
      .filter((event) => event.payload.entityId === cartId)

  const lines = (cart: Awaited<ReturnType<ReturnType<typeof shopper>['cart']['getCurrentCart']>>) =>
    cart.lineItems!.map((line) => ({
      name: line.productName!.original,
      quantity: line.quantity,
      options: line.catalogReference?.options?.options,
    }))

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const response = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: false, captchaRequired: false }),
    })
    expect(response.status).toBe(200)
    mug = (await insertProduct(db(), { name: 'Mug', price: 12 })).id
    shirt = await insertProduct(db(), {
      name: 'Shirt',
      price: 20,
      ...withOption('Size', ['S', 'M']),
    })
    await insertCoupon(db(), { code: 'TENOFF', type: 'percentage', value: 10 })
  })
  afterAll(() => platform.close())

  it('adds equal items up and appends the others when a visitor logs in to a member with a cart', async () => {
    // The member already has a cart from another device: 1 mug, 1 shirt in M.
    const address = email()
    const device = shopper()
    expect((await device.auth.register({ email: address, password: PASSWORD })).loginState).toBe(
      'SUCCESS',
    )
    const first = await device.auth.login({ email: address, password: PASSWORD })
    await signIn(device.auth, first.data!.sessionToken!)
    const { cart: held } = await device.cart.addToCurrentCart({
      lineItems: [storesLine(1, mug), storesLine(1, shirt.id, { Size: 'M' })],
    })

    // A visitor fills a cart (2 mugs, 1 shirt in S, a coupon), then logs in as that member.
    const visitor = shopper()
    await visitor.cart.addToCurrentCart({
      lineItems: [storesLine(2, mug), storesLine(1, shirt.id, { Size: 'S' })],
    })
    await visitor.cart.updateCurrentCart({ couponCode: 'TENOFF' })
    const visitorCart = await visitor.cart.getCurrentCart()
    const visitorIdentity = visitorCart.buyerInfo!.visitorId!
    const login = await visitor.auth.login({ email: address, password: PASSWORD })
    expect(login.loginState).toBe('SUCCESS')
    await signIn(visitor.auth, login.data!.sessionToken!)

    const merged = await visitor.cart.getCurrentCart()
    expect(merged.id).toBe(held.id)
    expect(merged.buyerInfo!.memberId).toBeTruthy()
    expect(lines(merged)).toEqual([
      { name: 'Mug', quantity: 3, options: undefined },
      { name: 'Shirt', quantity: 1, options: { Size: 'M' } },
      { name: 'Shirt', quantity: 1, options: { Size: 'S' } },
    ])
    // 3 × 12 + 2 × 20 = 76, less the visitor's 10 % coupon (the member's cart had none).
    expect(merged.subtotal!.amount).toBe('76.00')
    expect(merged.appliedDiscounts).toMatchObject([{ coupon: { code: 'TENOFF' } }])
    // The other device sees the same cart; the visitor's cart is gone.
    expect((await device.cart.getCurrentCart()).lineItems).toHaveLength(3)
    expect(await cartOf(visitorIdentity)).toBeUndefined()
    expect(
      await db()
        .selectFrom('cart_line_items')
        .select('id')
        .where('cart_id', '=', visitorCart.id!)
        .execute(),
    ).toEqual([])
    expect((await events(held.id!)).map((event) => event.type).at(-1)).toBe(
      'wix.ecom.v1.cart_updated',
    )
    const deleted = await events(visitorCart.id!)
    expect(deleted.map((event) => event.type).at(-1)).toBe('wix.ecom.v1.cart_deleted')
    expect(deleted.at(-1)!.payload.deletedEvent.deletedEntity.lineItems).toHaveLength(2)
  })

  it("creates the member's cart when a visitor registers, and touches no other visitor's cart", async () => {
    const bystander = shopper()
    await bystander.cart.addToCurrentCart({
      lineItems: [storesLine(4, mug)],
    })
    const bystanderId = await visitorId(bystander.cart)

    const visitor = shopper()
    const { cart: before } = await visitor.cart.addToCurrentCart({
      lineItems: [storesLine(2, shirt.id, { Size: 'S' })],
    })
    const registered = await visitor.auth.register({ email: email(), password: PASSWORD })
    expect(registered.loginState).toBe('SUCCESS')
    await signIn(visitor.auth, registered.data!.sessionToken!)

    const cart = await visitor.cart.getCurrentCart()
    expect(cart.id).not.toBe(before.id)
    expect(lines(cart)).toEqual([{ name: 'Shirt', quantity: 2, options: { Size: 'S' } }])
    expect((await events(cart.id!)).map((event) => event.type)).toEqual([
      'wix.ecom.v1.cart_created',
    ])
    expect(await cartOf(before.buyerInfo!.visitorId!)).toBeUndefined()
    expect((await bystander.cart.getCurrentCart()).lineItems![0]!.quantity).toBe(4)
    expect((await cartOf(bystanderId))!.id).toBeTruthy()
  })

  it('leaves the member without a cart when the visitor had none', async () => {
    const visitor = shopper()
    const registered = await visitor.auth.register({ email: email(), password: PASSWORD })
    expect(registered.loginState).toBe('SUCCESS')
    await signIn(visitor.auth, registered.data!.sessionToken!)
    const error = await rejection(visitor.cart.getCurrentCart())
    expect(error).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' })
  })
})
