import { sendMail } from '../identity/index.js'
import type { Tx } from '../../db/transaction.js'
import { html } from '../../http/html.js'
import type { WireAddress, WireAddressWithContact, WireOrder } from './wire.js'

/** The address's lines as a letter shows them: name, street, city line, country. */
function addressLines({ address, contactDetails }: WireAddressWithContact): string[] {
  const name = [contactDetails.firstName, contactDetails.lastName].filter(Boolean).join(' ')
  const street = (a: WireAddress) =>
    a.addressLine ?? [a.streetAddress?.number, a.streetAddress?.name].filter(Boolean).join(' ')
  const city = [address.city, address.subdivision, address.postalCode].filter(Boolean).join(', ')
  return [name, street(address), address.addressLine2, city, address.country].filter(
    (line): line is string => !!line,
  )
}

/** `order`'s lines as its e-mails list them. */
const itemsOf = (order: WireOrder) =>
  order.lineItems.map((line) => ({
    name: line.productName.original,
    quantity: line.quantity,
    price: line.price.formattedAmount,
    total: line.lineItemPrice.formattedAmount,
  }))

/**
 * Mails `order`'s buyer its confirmation, in `trx` (the mail exists exactly when the order does):
 * the order number, each item with its quantity, unit price and total, the totals and the
 * shipping address, as HTML (every value escaped) and as plain text.
 */
export async function mailConfirmation(trx: Tx, order: WireOrder): Promise<void> {
  const to = order.buyerInfo.email
  if (!to) return
  const { subtotal, shipping, discount, tax, total } = order.priceSummary
  const totals = [
    ['Subtotal', subtotal.formattedAmount],
    Number(discount.amount) > 0 && ['Discount', `-${discount.formattedAmount}`],
    order.shippingInfo && [`Shipping (${order.shippingInfo.title})`, shipping.formattedAmount],
    ['Tax', tax.formattedAmount],
    ['Total', total.formattedAmount],
  ].filter((row): row is [string, string] => !!row)
  const destination = order.shippingInfo?.logistics.shippingDestination
  const address = destination ? addressLines(destination) : []
  const items = itemsOf(order)
  const text = [
    `Thank you for your order #${order.number}.`,
    '',
    ...items.map((item) => `${item.quantity} × ${item.name} at ${item.price}: ${item.total}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    ...(address.length ? ['', 'Shipping to:', ...address] : []),
  ].join('\n')
  const body = html`<p>Thank you for your order <strong>#${order.number}</strong>.</p>
<table>
<thead><tr><th>Item</th><th>Quantity</th><th>Price</th><th>Total</th></tr></thead>
<tbody>${items.map((item) => html`<tr><td>${item.name}</td><td>${item.quantity}</td><td>${item.price}</td><td>${item.total}</td></tr>`)}</tbody>
<tfoot>${totals.map(([label, amount]) => html`<tr><th colspan="3">${label}</th><td>${amount}</td></tr>`)}</tfoot>
</table>
${address.length > 0 && html`<p>Shipping to:<br>${address.map((line, index) => html`${index > 0 && html`<br>`}${line}`)}</p>`}`
  await sendMail(trx, {
    to,
    kind: 'ORDER_CONFIRMATION',
    subject: `Your order #${order.number}`,
    text,
    html: String(body),
  })
}

/**
 * Mails `order`'s buyer that it was canceled, in the cancelling transaction: the order number,
 * the merchant's `customMessage` if any, and the items, as HTML (every value escaped) and text.
 */
export async function mailCancellation(
  trx: Tx,
  order: WireOrder,
  customMessage: string | undefined,
): Promise<void> {
  const to = order.buyerInfo.email
  if (!to) return
  const items = itemsOf(order)
  const text = [
    `Your order #${order.number} was canceled.`,
    ...(customMessage ? ['', customMessage] : []),
    '',
    ...items.map((item) => `${item.quantity} × ${item.name}`),
  ].join('\n')
  const body = html`<p>Your order <strong>#${order.number}</strong> was canceled.</p>
${customMessage && html`<p>${customMessage}</p>`}
<ul>${items.map((item) => html`<li>${item.quantity} × ${item.name}</li>`)}</ul>`
  await sendMail(trx, {
    to,
    kind: 'ORDER_CANCELED',
    subject: `Your order #${order.number} was canceled`,
    text,
    html: String(body),
  })
}
