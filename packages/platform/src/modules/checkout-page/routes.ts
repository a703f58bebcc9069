import type { FastifyReply, FastifyRequest } from 'fastify'
import { csrfValid } from '../../http/csrf.js'
import type { PlatformContext } from '../../context.js'
import { installFormBody } from '../../http/form-body.js'
import { sendFormExpired, sendMessagePage } from '../../http/page.js'
import { object, text, type SchemaApp } from '../../http/schema.js'
import { sessionIdSchema } from '../redirects/index.js'
import { findCart, keepCheckoutForm } from '../cart/index.js'
import { orderOfCheckout, placeOrder, quoteOrder, testPayment } from '../orders/index.js'
import { openCheckout, type CheckoutFlow } from './flow.js'
import {
  choiceOf,
  countryChoices,
  fieldName,
  formErrors,
  initialForm,
  postedForm,
  savedForm,
  withKnownSubdivision,
  type CheckoutForm,
  type CountryChoice,
  type FormErrors,
} from './form.js'
import { CART_CHANGED, priceChangeNotice, refusalOf } from './notices.js'
import { checkoutPath, sendCheckoutPage, sendPlaced, sendUnavailable } from './respond.js'

/** The page's ids (1–64 characters): a refused id is unknown ({@link openCheckout}): a 404 page. */
const address = {
  schema: {
    params: object({ checkoutId: text(64, 1) }, ['checkoutId']),
    querystring: object({ session: sessionIdSchema }),
  },
  attachValidation: true,
}

/** What a rendering of the page shows besides the checkout itself. */
interface PageState {
  form: CheckoutForm
  countries?: CountryChoice[]
  errors?: FormErrors
  alert?: string
  focus?: keyof CheckoutForm
  status?: number
}

/**
 * The hosted checkout (`/_vitrine/checkout/<checkoutId>?session=<id>`, where an `ecomCheckout`
 * redirect session leads).
 */
export function checkoutPageRoutes(app: SchemaApp, ctx: PlatformContext): void {
  const db = ctx.db.kysely
  installFormBody(app)

  /** Prices the checkout for `state.form` and sends the page (or says the cart changed). */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: CheckoutFlow,
    state: PageState,
  ) => {
    const countries = state.countries ?? (await countryChoices(db))
    const cart = await findCart(db, flow.owner.id)
    const quote = await quoteOrder(db, cart, flow, choiceOf(state.form), ctx.config.publicUrl)
    if (quote.kind === 'cartChanged')
      return sendMessagePage(reply, 409, 'Your cart changed', CART_CHANGED, {
        link: flow.cartPageUrl,
      })
    const errors = state.errors ?? {}
    const fields = Object.keys(state.form) as (keyof CheckoutForm)[]
    const focus = fields.find((name) => errors[name]) ?? state.focus
    const view = { form: state.form, errors, countries, estimate: quote.estimate }
    // The buyer is told when the catalog re-priced an item since the checkout was made.
    const alert = state.alert ?? priceChangeNotice(quote.priceChanges)
    return sendCheckoutPage(
      request,
      reply,
      flow,
      { ...view, ...(alert && { alert }), ...(focus && { focus }) },
      state.status,
    )
  }

  app.get('/_vitrine/checkout/:checkoutId', address, async (request, reply) => {
    const opened = await openCheckout(ctx, request.params.checkoutId, request.query.session)
    if (opened.kind !== 'flow') return sendUnavailable(reply, opened)
    const { flow } = opened
    const placed = await orderOfCheckout(db, flow.checkout.id)
    if (placed) return sendPlaced(reply, flow, placed)
    const focus = fieldName(request.query.focus)
    return render(request, reply, flow, { form: initialForm(flow), ...(focus && { focus }) })
  })

  app.post('/_vitrine/checkout/:checkoutId', address, async (request, reply) => {
    const opened = await openCheckout(ctx, request.params.checkoutId, request.query.session)
    if (opened.kind !== 'flow') return sendUnavailable(reply, opened)
    const { flow } = opened
    const posted = postedForm(request.body)
    if (!csrfValid(request, flow.sessionId, posted.csrf)) return sendFormExpired(reply)
    // A second "Place order" (a double click, a reload) answers the order placed by the first.
    const placed = await orderOfCheckout(db, flow.checkout.id)
    if (placed) return sendPlaced(reply, flow, placed)

    const countries = await countryChoices(db)
    const form = withKnownSubdivision(posted.form, countries)
    // Re-pricing (address, state, shipping option) keeps the entries (never the card) with the
    // checkout and redirects to the page, which shows them again: Back and reload then never ask
    // to post the form again.
    if (posted.action === 'update') {
      await keepCheckoutForm(db, flow.checkout, savedForm(form))
      const focus = posted.focus ? `&focus=${posted.focus}` : ''
      return reply.header('cache-control', 'no-store').redirect(checkoutPath(flow) + focus, 303)
    }
    const errors = formErrors(form, countries)
    const payment = testPayment(form.card)
    if (payment.status === 'invalid') errors.card = payment.message
    if (Object.keys(errors).length)
      return render(request, reply, flow, { form, countries, errors, status: 400 })
    const result = await placeOrder(ctx, {
      checkoutId: flow.checkout.id,
      checkout: flow,
      buyer: { email: form.email, name: form.name },
      ...choiceOf(form),
      card: form.card,
      shownTotal: posted.total,
    })
    if (result.kind === 'placed') return sendPlaced(reply, flow, result.order)
    const { status, alert, errors: refused } = refusalOf(result)
    return render(request, reply, flow, { form, countries, status, alert, errors: refused })
  })
}
