import type { DescriptionLine } from '../cart/catalog-lookup.js'
import type { WireEstimate, WireShippingOption } from '../cart/totals-wire.js'
import type { WireLineItem } from '../cart/wire.js'
import { escapeHtml, safeHttpUrl } from '../identity/html.js'
import type { CountryChoice } from './countries.js'
import { countryOf, type CheckoutForm, type FormErrors } from './form.js'

/** What the hosted checkout page shows. */
export interface CheckoutView {
  /** Where the form posts (`/_vitrine/checkout/<id>?session=<id>`). */
  action: string
  csrf: string
  /** The CSP nonce of the page's one `<style>` and one `<script>`. */
  nonce: string
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

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f5f5f2;color:#1c1c1a}
.top{background:#1c1c1a;color:#fff}
.wrap{max-width:68rem;margin:0 auto;padding:0 1.25rem}
.top .wrap{display:flex;justify-content:space-between;align-items:center;min-height:3.5rem}
.brand{font-weight:700;letter-spacing:.08em;text-transform:uppercase}
.badge{font-size:.85rem;background:#f4c542;color:#1c1c1a;border-radius:999px;padding:.1rem .7rem;font-weight:600}
h1{font-size:1.75rem;margin:1.5rem 0 1rem}
.grid{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr);padding-bottom:3rem}
@media (min-width:56rem){.grid{grid-template-columns:minmax(0,1.45fr) minmax(0,1fr);align-items:start}.summary{position:sticky;top:1rem}}
section,.summary{background:#fff;border:1px solid #deded8;border-radius:10px;padding:1.1rem 1.25rem;margin-bottom:1rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
label,legend{display:block;font-weight:600;margin-top:.75rem;font-size:.95rem}
input,select{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #8a8a84;border-radius:6px;background:#fff;color:inherit}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem}
[aria-invalid=true]{border-color:#b3261e;border-width:2px}
.field-error{color:#b3261e;font-weight:600;margin:.25rem 0 0;font-size:.9rem}
.alert{border:2px solid #b3261e;background:#fdecea;color:#7a1712;border-radius:8px;padding:.75rem 1rem;font-weight:600}
fieldset{border:0;margin:0;padding:0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.option{display:flex;gap:.75rem;align-items:center;border:1px solid #c9c9c2;border-radius:8px;padding:.6rem .8rem;margin-top:.5rem;font-weight:400;cursor:pointer}
.option:has(input:checked){border-color:#1d4ed8;background:#eef3ff}
.option input{width:auto;margin:0}
.option .what{flex:1}
.option small,.muted{color:#5c5c57}
.hint{font-size:.9rem;color:#5c5c57;margin:.4rem 0 0}
button{font:inherit;border-radius:8px;cursor:pointer}
.secondary{margin-top:.85rem;padding:.45rem .9rem;background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
.primary{width:100%;padding:.85rem 1rem;border:0;background:#1d4ed8;color:#fff;font-size:1.1rem;font-weight:700}
.primary:hover{background:#1a44bd}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.back{display:inline-block;margin-top:1rem;color:#1d4ed8}
.items{list-style:none;margin:0;padding:0}
.items li{display:flex;gap:.85rem;align-items:center;padding:.7rem 0;border-bottom:1px solid #ecece6}
.items img{width:64px;height:64px;object-fit:cover;border-radius:8px;background:#ecece6;flex:none}
.thumb{width:64px;height:64px;border-radius:8px;background:#ecece6;flex:none}
.item{flex:1;min-width:0}
.item p{margin:0}
.name{font-weight:600}
.meta{font-size:.9rem;color:#5c5c57}
.price{font-weight:600;white-space:nowrap}
.totals{display:grid;grid-template-columns:1fr auto;gap:.35rem 0;margin:1rem 0 0}
.totals dt{color:#5c5c57}
.totals dd{margin:0;padding-left:1rem;text-align:right}
.totals .total{font-size:1.2rem;font-weight:700;color:#1c1c1a;border-top:1px solid #deded8;padding-top:.6rem;margin-top:.3rem}`

/** The tab's icon, inline (a dark square with a "V"), so the page loads nothing else of its own. */
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1c1c1a"/><path d="M9 9l7 15 7-15" fill="none" stroke="#f4c542" stroke-width="3.5"/></svg>')}`

/** Reprices the page when the country, region or shipping option changes (the form still works without it). */
const SCRIPT = `(()=>{const form=document.getElementById('checkout');const update=document.getElementById('update');if(!form||!update||!form.requestSubmit)return;form.addEventListener('change',(event)=>{const field=event.target;if(!field.matches('[data-reprice]'))return;form.elements.namedItem('focus').value=field.name;form.requestSubmit(update)})})()`

const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`

/** The attributes that tie a field to its hint and error, and focus it when it is the one to fix. */
function state(view: CheckoutView, name: keyof CheckoutForm, hint?: string): string {
  const error = view.errors[name]
  const described = [hint, error && `${name}-error`].filter(Boolean).join(' ')
  return (
    (error ? ' aria-invalid="true"' : '') +
    (described ? ` aria-describedby="${described}"` : '') +
    (view.focus === name ? ' autofocus' : '')
  )
}

const fieldError = (view: CheckoutView, name: keyof CheckoutForm) => {
  const error = view.errors[name]
  return error ? `<p id="${name}-error" class="field-error">${escapeHtml(error)}</p>` : ''
}

/** A labelled text input of the form. */
function input(
  view: CheckoutView,
  name: keyof CheckoutForm,
  label: string,
  options: { type?: string; autocomplete: string; extra?: string; hint?: string },
): string {
  return (
    `<div><label for="${name}">${label}</label>` +
    `<input id="${name}" name="${name}" type="${options.type ?? 'text'}" required` +
    ` autocomplete="${options.autocomplete}"${attr('value', view.form[name])}${options.extra ?? ''}` +
    `${state(view, name, options.hint)}>${fieldError(view, name)}</div>`
  )
}

function countrySelect(view: CheckoutView): string {
  const options = view.countries
    .map(
      (country) =>
        `<option value="${country.code}"${country.code === view.form.country ? ' selected' : ''}>` +
        `${escapeHtml(country.name)}</option>`,
    )
    .join('')
  return (
    `<div><label for="country">Country</label>` +
    `<select id="country" name="country" required autocomplete="country" data-reprice${state(view, 'country')}>` +
    `<option value="">Choose a country</option>${options}</select>${fieldError(view, 'country')}</div>`
  )
}

/** The state or region, for a country whose tax rules depend on it. */
function subdivisionSelect(view: CheckoutView): string {
  const country = countryOf(view.form, view.countries)
  if (!country?.subdivisions.length) return ''
  const options = country.subdivisions
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === view.form.subdivision ? ' selected' : ''}>` +
        `${escapeHtml(code.slice(country.code.length + 1))}</option>`,
    )
    .join('')
  return (
    `<div><label for="subdivision">State / region</label>` +
    `<select id="subdivision" name="subdivision" autocomplete="address-level1" data-reprice${state(view, 'subdivision')}>` +
    `<option value="">Other</option>${options}</select>${fieldError(view, 'subdivision')}</div>`
  )
}

const isFree = (option: WireShippingOption) => Number(option.cost.price.amount) === 0

function shippingSection(view: CheckoutView): string {
  const { shippingInfo, calculationErrors } = view.estimate
  const options = shippingInfo.carrierServiceOptions.flatMap((carrier) => carrier.shippingOptions)
  const selected = shippingInfo.selectedCarrierServiceOption?.code
  const problem = (
    calculationErrors?.shippingCalculationError as
      { applicationError?: { code?: string; description?: string } } | undefined
  )?.applicationError
  let body: string
  if (options.length) {
    const radios = options
      .map((option) => {
        const id = `shipping-${option.code}`
        const when = option.logistics.deliveryTime
        const price = isFree(option) ? 'Free' : option.cost.price.formattedAmount
        return (
          `<label class="option" for="${escapeHtml(id)}"><input type="radio" id="${escapeHtml(id)}" name="shipping"` +
          ` value="${escapeHtml(option.code)}" data-reprice${option.code === selected ? ' checked' : ''}` +
          `${view.focus === 'shipping' && option.code === selected ? ' autofocus' : ''}>` +
          `<span class="what">${escapeHtml(option.title)}${when ? `<br><small>${escapeHtml(when)}</small>` : ''}</span>` +
          `<span class="price">${escapeHtml(price)}</span></label>`
        )
      })
      .join('')
    body =
      `<fieldset${view.errors.shipping ? ' aria-describedby="shipping-error"' : ''}>` +
      `<legend class="sr-only">Shipping method</legend>${radios}</fieldset>${fieldError(view, 'shipping')}`
  } else if (problem?.code === 'MISSING_SHIPPING_ADDRESS')
    body = '<p class="muted">Choose your country to see the shipping options.</p>'
  else if (problem)
    body = `<p class="field-error" id="shipping-error">${escapeHtml(problem.description ?? 'No shipping options.')}</p>`
  else body = '<p class="muted">Nothing in this order needs shipping.</p>'
  return (
    `<section aria-labelledby="shipping-title"><h2 id="shipping-title">Shipping</h2>${body}` +
    `<button type="submit" id="update" name="action" value="update" class="secondary">Update shipping and tax</button></section>`
  )
}

function addressSection(view: CheckoutView): string {
  return (
    `<section aria-labelledby="address-title"><h2 id="address-title">Shipping address</h2>` +
    input(view, 'name', 'Full name', { autocomplete: 'name' }) +
    input(view, 'addressLine', 'Address', { autocomplete: 'address-line1' }) +
    `<div class="row">${input(view, 'city', 'City', { autocomplete: 'address-level2' })}` +
    `${input(view, 'postalCode', 'Postal code', { autocomplete: 'postal-code' })}</div>` +
    countrySelect(view) +
    subdivisionSelect(view) +
    '</section>'
  )
}

function paymentSection(view: CheckoutView): string {
  return (
    `<section aria-labelledby="payment-title"><h2 id="payment-title">Payment</h2>` +
    input(view, 'card', 'Card number', {
      autocomplete: 'cc-number',
      extra: ' inputmode="numeric" placeholder="4242 4242 4242 4242"',
      hint: 'card-hint',
    }) +
    `<p class="hint" id="card-hint">Test mode: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined. No money moves.</p>` +
    '</section>'
  )
}

function itemLine(item: WireLineItem): string {
  const src = safeHttpUrl(item.image?.url)
  const image = src
    ? `<img src="${escapeHtml(src)}" alt="" width="64" height="64">`
    : '<span class="thumb"></span>'
  const options = (item.descriptionLines as DescriptionLine[])
    .map((line) => {
      const value = line.plainText?.translated ?? line.colorInfo?.translated
      return value ? `${line.name.translated}: ${value}` : ''
    })
    .filter(Boolean)
    .join(' · ')
  return (
    `<li>${image}<div class="item"><p class="name">${escapeHtml(item.productName.translated)}</p>` +
    (options ? `<p class="meta">${escapeHtml(options)}</p>` : '') +
    `<p class="meta">Qty ${item.quantity} × ${escapeHtml(item.price.formattedAmount)}</p></div>` +
    `<p class="price">${escapeHtml(item.lineItemPrice.formattedAmount)}</p></li>`
  )
}

function summary(view: CheckoutView): string {
  const { priceSummary, cart, shippingInfo } = view.estimate
  const row = (label: string, value: string, className = '') =>
    `<dt${className ? ` class="${className}"` : ''}>${label}</dt><dd${className ? ` class="${className}"` : ''}>${escapeHtml(value)}</dd>`
  const discount = Number(priceSummary.discount.amount) > 0
  const shipping = shippingInfo.selectedCarrierServiceOption
    ? Number(priceSummary.shipping.amount) === 0
      ? 'Free'
      : priceSummary.shipping.formattedAmount
    : '—'
  return (
    `<aside class="summary" aria-labelledby="summary-title"><h2 id="summary-title">Order summary</h2>` +
    `<ul class="items">${cart.lineItems.map(itemLine).join('')}</ul><dl class="totals">` +
    row('Subtotal', priceSummary.subtotal.formattedAmount) +
    (discount ? row('Discount', `−${priceSummary.discount.formattedAmount}`) : '') +
    row('Shipping', shipping) +
    row('Tax', priceSummary.tax.formattedAmount) +
    row('Total', priceSummary.total.formattedAmount, 'total') +
    '</dl></aside>'
  )
}

/** The hosted checkout page: the order summary, the address, shipping, payment and "Place order". */
export function checkoutPage(view: CheckoutView): string {
  const total = view.estimate.priceSummary.total
  const alert = view.alert ? `<p class="alert" role="alert">${escapeHtml(view.alert)}</p>` : ''
  const back = view.cartPageUrl
    ? `<a class="back" href="${escapeHtml(view.cartPageUrl)}">← Back to cart</a>`
    : ''
  const nonce = escapeHtml(view.nonce)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout</title><link rel="icon" href="${ICON}"><style nonce="${nonce}">${STYLE}</style></head>
<body><header class="top"><div class="wrap"><span class="brand">Vitrine</span><span class="badge">Test mode</span></div></header>
<main class="wrap"><h1>Checkout</h1><div class="grid">
<form id="checkout" method="post" action="${escapeHtml(view.action)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<input type="hidden" name="total" value="${escapeHtml(total.amount)}">
<input type="hidden" name="focus" value="">${alert}
<section aria-labelledby="contact-title"><h2 id="contact-title">Contact</h2>${input(view, 'email', 'E-mail', { type: 'email', autocomplete: 'email' })}</section>
${addressSection(view)}${shippingSection(view)}${paymentSection(view)}
<button type="submit" name="action" value="place" class="primary">Place order · ${escapeHtml(total.formattedAmount)}</button>${back}
</form>${summary(view)}</div></main>
<script nonce="${nonce}">${SCRIPT}</script></body></html>`
}
