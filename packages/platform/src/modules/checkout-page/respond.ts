import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendMessagePage, sendPage } from '../../http/page.js'
import { csrfToken } from '../../http/csrf.js'
import { doneUrl, type CheckoutFlow, type OpenedCheckout } from './flow.js'
import { checkoutPage, type CheckoutView } from './templates.js'

/** The page's path: where its form posts. */
export const checkoutPath = (flow: CheckoutFlow): string =>
  `/_vitrine/checkout/${encodeURIComponent(flow.checkout.id)}?session=${encodeURIComponent(flow.sessionId)}`

/**
 * Sends the checkout page of `flow` showing `view`, with a fresh CSRF token bound to this
 * browser's cookie and the flow's redirect session. Its CSP allows its own nonced style and
 * script, product images from any http(s) host, and a form whose answer redirects to the
 * shopper's return URL.
 */
export function sendCheckoutPage(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: CheckoutFlow,
  view: Omit<CheckoutView, 'action' | 'csrf' | 'cartPageUrl'>,
  status = 200,
): FastifyReply {
  const csrf = csrfToken(request, reply, flow.sessionId)
  const page = checkoutPage({
    ...view,
    action: checkoutPath(flow),
    csrf,
    ...(flow.cartPageUrl && { cartPageUrl: flow.cartPageUrl }),
  })
  const formTarget = flow.done && new URL(flow.done.url).origin
  return sendPage(reply, status, page, formTarget)
}

/**
 * Answers a checkout whose order is placed: a 303 to the shopper's return URL (a thank-you URL
 * with `orderId`), or the platform's own confirmation page when the session gave none.
 */
export function sendPlaced(
  reply: FastifyReply,
  flow: CheckoutFlow,
  order: { id: string; number: number },
): FastifyReply {
  const url = doneUrl(flow, order.id)
  if (url) return reply.header('cache-control', 'no-store').redirect(url, 303)
  return sendMessagePage(
    reply,
    200,
    'Thank you for your order',
    `Your order #${order.number} is placed.`,
  )
}

/**
 * Answers a checkout that cannot be opened: unknown (404, with a link back to the shop when one is
 * known) or with a forbidden return URL (400).
 */
export function sendUnavailable(
  reply: FastifyReply,
  opened: Exclude<OpenedCheckout, { kind: 'flow' }>,
): FastifyReply {
  if (opened.kind === 'returnNotAllowed')
    return sendMessagePage(
      reply,
      400,
      'Checkout unavailable',
      'The shop asked to return to an address it is not allowed to use.',
    )
  return sendMessagePage(
    reply,
    404,
    'Checkout not found',
    'This checkout link is unknown or has expired. Go back to the shop and check out again.',
    opened.shopUrl ? { link: opened.shopUrl, linkText: 'Back to the shop' } : undefined,
  )
}
