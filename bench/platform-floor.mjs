// The floor of bench/platform.mjs: a product GET, a 12-product list and an add-to-cart written by
// hand on the platform's own SQLite database — the same statements (the token and its identity;
// a visible product's stored document; the ids of a page of visible products by price, their
// count and their stored documents; then in one transaction the cart, its lines, the line update
// or insert, the cart update and the event row) with better-sqlite3 straight from a bare Fastify
// route: no hooks, no schema validation, no Kysely, no totals, a cart answer of about the same
// size. Stored documents get their URLs as the platform's do (two replacements each) and are sent
// as they are. Not a product (it checks nothing the platform checks): it shows what the work
// itself costs on this machine, so the platform's ratios can be read against what any
// implementation could reach.
import Database from 'better-sqlite3'
import Fastify from 'fastify'
import { createHash, randomUUID } from 'node:crypto'

/**
 * A Fastify app serving `GET /products/:id`, `GET /products` (the 12 cheapest visible products
 * with their total) and `POST /add-to-cart` over the database `file`.
 */
export function floorApp(file) {
  const open = () => {
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('busy_timeout = 5000')
    return db
  }
  const writer = open()
  const reader = open()
  const read = {
    token: reader.prepare(`select tokens.id as token_id, tokens.client_id, tokens.expires_at,
      identities.id, identities.type, identities.email, identities.created_date,
      identities.updated_date from tokens join identities on identities.id = tokens.identity_id
      where tokens.token_hash = ? and tokens.kind = 'access' and tokens.revoked_at is null`),
    document: reader.prepare(`select marker, document from product_documents
      where product_id = ? and visible = 1`),
    page: reader
      .prepare('select id from products where visible = 1 order by price, id limit 12')
      .pluck(),
    total: reader.prepare('select count(*) from products where visible = 1').pluck(),
    documents: new Map(),
    product: reader.prepare(`select id, name, slug, price, discounted_price, sku, weight, media
      from products where id = ?`),
  }
  const write = {
    begin: writer.prepare('begin immediate'),
    commit: writer.prepare('commit'),
    rollback: writer.prepare('rollback'),
    cart: writer.prepare('select * from carts where owner_identity_id = ?'),
    newCart: writer.prepare(`insert into carts (id, owner_identity_id, currency, created_date,
      updated_date) values (?, ?, 'USD', ?, ?) returning *`),
    lines: writer.prepare('select * from cart_line_items where cart_id = ? order by position'),
    quantity: writer.prepare('update cart_line_items set quantity = ? where id = ?'),
    newLine: writer.prepare(`insert into cart_line_items (id, cart_id, position, kind,
      catalog_item_id, app_id, merge_key, quantity, product_name, price, full_price, sku, weight,
      created_date) values (?, ?, ?, 'catalog', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    touch: writer.prepare('update carts set updated_date = ? where id = ? returning *'),
    event: writer.prepare(`insert into events (id, event_type, payload, identity, created_date)
      values (?, 'wix.ecom.v1.cart_updated', ?, ?, ?)`),
  }
  const caller = (request) =>
    read.token.get(createHash('sha256').update(request.headers.authorization).digest('hex'))
  const money = (amount) => ({ amount: String(amount), formattedAmount: `$${amount.toFixed(2)}` })
  const wireCart = (cart, lines, product, image) => ({
    id: cart.id,
    lineItems: lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      catalogReference: { catalogItemId: line.catalog_item_id, appId: line.app_id },
      productName: { original: line.product_name, translated: line.product_name },
      url: { relativePath: `/product-page/${product.slug}` },
      price: money(line.price),
      fullPrice: money(line.full_price),
      priceBeforeDiscounts: money(line.full_price),
      image,
      availability: { status: 'AVAILABLE' },
      physicalProperties: { sku: line.sku, shippable: true },
      itemType: { preset: 'PHYSICAL' },
    })),
    buyerInfo: { visitorId: cart.owner_identity_id },
    currency: cart.currency,
    subtotal: money(lines.reduce((sum, line) => sum + line.price * line.quantity, 0)),
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
  })

  const publicUrl = 'http://127.0.0.1:4100'
  const base = 'http://localhost:3000'
  const answer = ({ marker, document }) =>
    document.replaceAll(`${marker}u`, publicUrl).replaceAll(`${marker}b`, base)
  const json = (reply, text) => reply.type('application/json; charset=utf-8').send(text)
  /** The stored documents of `ids`, in their order (one statement per number of ids). */
  const documents = (ids) => {
    let statement = read.documents.get(ids.length)
    if (!statement) {
      const list = ids.map(() => '?').join(', ')
      statement = reader.prepare(`select product_id, marker, document from product_documents
        where product_id in (${list})`)
      read.documents.set(ids.length, statement)
    }
    const byId = new Map(statement.all(ids).map((row) => [row.product_id, row]))
    return ids.map((id) => answer(byId.get(id)))
  }

  const app = Fastify()
  app.get('/products/:id', (request, reply) => {
    if (!caller(request)) return reply.code(401).send({})
    const stored = read.document.get(request.params.id)
    if (!stored) return reply.code(404).send({})
    json(reply, `{"product":${answer(stored)}}`)
  })
  app.get('/products', (request, reply) => {
    if (!caller(request)) return reply.code(401).send({})
    const ids = read.page.all()
    const metadata = { count: ids.length, offset: 0, total: read.total.get() }
    json(reply, `{"products":[${documents(ids).join(',')}],"metadata":${JSON.stringify(metadata)}}`)
  })
  app.post('/add-to-cart', (request, reply) => {
    const identity = caller(request)
    if (!identity) return reply.code(401).send({})
    const [item] = request.body.lineItems
    const product = read.product.get(item.catalogReference.catalogItemId)
    const image = JSON.parse(product.media).mainMedia ?? null
    const now = new Date().toISOString()
    write.begin.run()
    try {
      let cart =
        write.cart.get(identity.id) ?? write.newCart.get(randomUUID(), identity.id, now, now)
      const lines = write.lines.all(cart.id)
      const same = lines.find((line) => line.merge_key === product.id)
      if (same) write.quantity.run((same.quantity += item.quantity), same.id)
      else {
        const line = {
          id: randomUUID(),
          catalog_item_id: product.id,
          app_id: item.catalogReference.appId,
          quantity: item.quantity,
          product_name: product.name,
          price: product.discounted_price,
          full_price: product.price,
          sku: product.sku,
        }
        write.newLine.run(
          line.id,
          cart.id,
          lines.length,
          product.id,
          line.app_id,
          product.id,
          line.quantity,
          product.name,
          line.price,
          line.full_price,
          product.sku,
          product.weight,
          now,
        )
        lines.push(line)
      }
      cart = write.touch.get(now, cart.id)
      const wire = wireCart(cart, lines, product, image)
      const payload = { entityId: cart.id, updatedEvent: { currentEntity: wire }, eventTime: now }
      write.event.run(
        randomUUID(),
        JSON.stringify(payload),
        `{"anonymousVisitorId":"${identity.id}"}`,
        now,
      )
      write.commit.run()
      reply.send({ cart: wire })
    } catch (error) {
      write.rollback.run()
      throw error
    }
  })
  app.addHook('onClose', async () => {
    reader.close()
    writer.close()
  })
  return app
}
