import { html, raw, safeHttpUrl, type Html } from '../../http/html.js'
import { hidden, type Page } from '../../http/page.js'
import type {
  DescriptionLine,
  WireEstimate,
  WireLineItem,
  WireShippingOption,
} from '../cart/index.js'
import { countryOf, type CheckoutForm, type CountryChoice, type FormErrors } from './form.js'

/** What the hosted checkout page shows. */
export interface CheckoutView {
  /** Where the form posts (`/_vitrine/checkout/<id>?session=<id>`). */
  action: string
  csrf: string
  form: CheckoutForm
  errors: FormErrors
  /** A message about the whole order (declined, cart changed, total changed). */
  alert?: string
  /** The field to focus (the first invalid one, or the one whose change re-priced the page). */
  focus?: keyof CheckoutForm
  countries: readonly CountryChoice[]
  estimate: WireEstimate
  cartPageUrl?: string
}

/** Reprices the page when the country, region or shipping option changes (the form still works without it). */
const SCRIPT = raw(
  `(()=>{const form=document.getElementById('checkout');const update=document.getElementById('update');if(!form||!update||!form.requestSubmit)return;form.addEventListener('change',(event)=>{const field=event.target;if(!field.matches('[data-reprice]'))return;form.elements.namedItem('focus').value=field.name;form.requestSubmit(update)})})()`,
)

/** The attributes that tie a field to its hint and error, and focus it when it is the one to fix. */
function state(view: CheckoutView, name: keyof CheckoutForm, hint?: string): Html {
  const error = view.errors[name]
  const described = [hint, error && `${name}-error`].filter(Boolean).join(' ')
  return html`${error && html` aria-invalid="true"`}${
    described && html` aria-describedby="${described}"`
  }${view.focus === name && html` autofocus`}`
}

const fieldError = (view: CheckoutView, name: keyof CheckoutForm) =>
  view.errors[name] && html`<p id="${name}-error" class="field-error">${view.errors[name]}</p>`

/** A labelled field of the form: `control` is its input or select. */
const labelled = (view: CheckoutView, name: keyof CheckoutForm, label: string, control: Html) =>
  html`<div class="field"><label for="${name}">${label}</label>${control}${fieldError(view, name)}</div>`

/** A labelled text input of the form. */
const input = (
  view: CheckoutView,
  name: keyof CheckoutForm,
  label: string,
  options: { type?: string; autocomplete: string; extra?: Html; hint?: string },
) =>
  labelled(
    view,
    name,
    label,
    html`<input id="${name}" name="${name}" type="${options.type ?? 'text'}" required autocomplete="${options.autocomplete}" value="${view.form[name]}"${options.extra}${state(view, name, options.hint)}>`,
  )

/** The country, or the state or region (`choices`: `[value, text]`), after an empty choice. */
const select = (
  view: CheckoutView,
  name: 'country' | 'subdivision',
  label: string,
  none: string,
  choices: [string, string][],
) =>
  labelled(
    view,
    name,
    label,
    html`<select id="${name}" name="${name}"${name === 'country' && html` required`} autocomplete="${name === 'country' ? 'country' : 'address-level1'}" data-reprice${state(view, name)}>
<option value="">${none}</option>
${choices.map(([value, text]) => html`<option value="${value}"${value === view.form[name] && html` selected`}>${text}</option>`)}
</select>`,
  )

/** The state or region, for a country whose tax rules depend on it. */
function subdivisionSelect(view: CheckoutView) {
  const country = countryOf(view.form, view.countries)
  if (!country?.subdivisions.length) return undefined
  const choices = country.subdivisions.map((code): [string, string] => [
    code,
    code.slice(country.code.length + 1),
  ])
  return select(view, 'subdivision', 'State / region', 'Other', choices)
}

const isFree = (option: WireShippingOption) => Number(option.cost.price.amount) === 0

function shippingOption(view: CheckoutView, option: WireShippingOption, selected?: string) {
  const id = `shipping-${option.code}`
  const when = option.logistics.deliveryTime
  const checked = option.code === selected
  const price = isFree(option) ? 'Free' : option.cost.price.formattedAmount
  return html`<label class="option" for="${id}"><input type="radio" id="${id}" name="shipping" value="${option.code}" data-reprice${checked && html` checked`}${view.focus === 'shipping' && checked && html` autofocus`}><span class="what">${option.title}${when && html`<br><small>${when}</small>`}</span><span class="price">${price}</span></label>`
}

function shippingSection(view: CheckoutView): Html {
  const { shippingInfo, calculationErrors } = view.estimate
  const options = shippingInfo.carrierServiceOptions.flatMap((carrier) => carrier.shippingOptions)
  const selected = shippingInfo.selectedCarrierServiceOption?.code
  const problem = (
    calculationErrors?.shippingCalculationError as
      { applicationError?: { code?: string; description?: string } } | undefined
  )?.applicationError
  const body = options.length
    ? html`<fieldset${view.errors.shipping && html` aria-describedby="shipping-error"`}>
<legend class="sr-only">Shipping method</legend>
${options.map((option) => shippingOption(view, option, selected))}
</fieldset>
${fieldError(view, 'shipping')}`
    : problem?.code === 'MISSING_SHIPPING_ADDRESS'
      ? html`<p class="muted">Choose your country to see the shipping options.</p>`
      : problem
        ? html`<p class="field-error" id="shipping-error">${problem.description ?? 'No shipping options.'}</p>`
        : html`<p class="muted">Nothing in this order needs shipping.</p>`
  return html`<section class="box" aria-labelledby="shipping-title">
<h2 id="shipping-title">Shipping</h2>
${body}
<button type="submit" id="update" name="action" value="update" class="secondary">Update shipping and tax</button>
</section>`
}

function itemLine(item: WireLineItem): Html {
  const src = safeHttpUrl(item.image?.url)
  const options = (item.descriptionLines as DescriptionLine[])
    .map((line) => {
      const value = line.plainText?.translated ?? line.colorInfo?.translated
      return value ? `${line.name.translated}: ${value}` : ''
    })
    .filter(Boolean)
    .join(' · ')
  return html`<li>
${src ? html`<img src="${src}" alt="" width="64" height="64">` : html`<span class="thumb"></span>`}
<div class="item"><p class="name">${item.productName.translated}</p>${options && html`<p class="meta">${options}</p>`}<p class="meta">Qty ${item.quantity} × ${item.price.formattedAmount}</p></div>
<p class="price">${item.lineItemPrice.formattedAmount}</p>
</li>`
}

/** The items and totals: after the steps on a phone (before "Place order"), beside them on a desktop. */
function summary(view: CheckoutView): Html {
  const { priceSummary, cart, shippingInfo } = view.estimate
  const row = (label: string, value: string, total = false) =>
    total
      ? html`<dt class="total">${label}</dt><dd class="total">${value}</dd>`
      : html`<dt>${label}</dt><dd>${value}</dd>`
  const discount = Number(priceSummary.discount.amount) > 0
  const shipping = !shippingInfo.selectedCarrierServiceOption
    ? '—'
    : Number(priceSummary.shipping.amount) === 0
      ? 'Free'
      : priceSummary.shipping.formattedAmount
  return html`<aside class="box summary" aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
<ul class="items">${cart.lineItems.map(itemLine)}</ul>
<dl class="totals">
${row('Subtotal', priceSummary.subtotal.formattedAmount)}
${discount && row('Discount', `−${priceSummary.discount.formattedAmount}`)}
${row('Shipping', shipping)}
${row('Tax', priceSummary.tax.formattedAmount)}
${row('Total', priceSummary.total.formattedAmount, true)}
</dl>
</aside>`
}

/** Contact, address, shipping and payment, in the order a buyer fills them in. */
const steps = (view: CheckoutView) => html`<div>
${view.alert && html`<p class="error" role="alert">${view.alert}</p>`}
<section class="box" aria-labelledby="contact-title">
<h2 id="contact-title">Contact</h2>
${input(view, 'email', 'E-mail', { type: 'email', autocomplete: 'email' })}
</section>
<section class="box" aria-labelledby="address-title">
<h2 id="address-title">Shipping address</h2>
${input(view, 'name', 'Full name', { autocomplete: 'name' })}
${input(view, 'addressLine', 'Address', { autocomplete: 'address-line1' })}
<div class="row">
${input(view, 'city', 'City', { autocomplete: 'address-level2' })}
${input(view, 'postalCode', 'Postal code', { autocomplete: 'postal-code' })}
</div>
${select(
  view,
  'country',
  'Country',
  'Choose a country',
  view.countries.map((country): [string, string] => [country.code, country.name]),
)}
${subdivisionSelect(view)}
</section>
${shippingSection(view)}
<section class="box" aria-labelledby="payment-title">
<h2 id="payment-title">Payment</h2>
${input(view, 'card', 'Card number', {
  autocomplete: 'cc-number',
  extra: html` inputmode="numeric" placeholder="4242 4242 4242 4242"`,
  hint: 'card-hint',
})}
<p class="hint" id="card-hint">Test mode: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined. No money moves.</p>
</section>
</div>`

/** The hosted checkout page: the steps, the order summary and "Place order" (see {@link summary}). */
export function checkoutPage(view: CheckoutView): Page {
  const total = view.estimate.priceSummary.total
  return {
    title: 'Checkout',
    badge: 'Test mode',
    footer: 'Secure checkout by Vitrine',
    wide: true,
    script: SCRIPT,
    images: true,
    main: html`<h1>Checkout</h1>
<form id="checkout" class="checkout" method="post" action="${view.action}" novalidate>
${hidden('csrf', view.csrf)}${hidden('total', total.amount)}${hidden('focus', '')}
${steps(view)}
${summary(view)}
<div>
<button type="submit" name="action" value="place">Place order · ${total.formattedAmount}</button>
${view.cartPageUrl && html`<a class="back" href="${view.cartPageUrl}">← Back to cart</a>`}
</div>
</form>`,
  }
}
