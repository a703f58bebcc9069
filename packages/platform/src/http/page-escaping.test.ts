import fc from 'fast-check'
import { parse, parseFragment, type DefaultTreeAdapterTypes } from 'parse5'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCart, type WireEstimate } from '../modules/cart/index.js'
import { insertProduct, insertShippingRule, withOption } from '../test-support/catalog-fixtures.js'
import { openCheckout } from '../modules/checkout-page/flow.js'
import { choiceOf, initialForm } from '../modules/checkout-page/form.js'
import { checkoutPage } from '../modules/checkout-page/templates.js'
import { deadLinkPage, newPasswordPage } from '../modules/hosted-pages/recovery-page.js'
import { loginPage, type FormName } from '../modules/hosted-pages/login-page.js'
import { mailboxPage, recoveryLinkMail, verificationCodeMail } from '../modules/identity/mail.js'
import { renderIllustration } from '../modules/media/index.js'
import { webMessagePage } from '../modules/oauth/index.js'
import { quoteOrder } from '../modules/orders/index.js'
import { startVisitorCheckout, storesLine } from '../test-support/cart.js'
import { startPlatform, type TestPlatform } from '../test-support/platform.js'
import { messagePage, renderPage, type Page } from './page.js'

/*
 * Every page the platform writes, rendered with hostile strings in every slot (product and option
 * names, e-mails, URLs, error texts, form values, prices, tokens), then parsed by a real HTML
 * parser (parse5, the one of the HTML standard): it has exactly the elements and attributes it has
 * with plain strings in the same slots — nothing injected — every hostile text reads back as the
 * text it was, and no link, picture or form can run a `javascript:` URL (the one `data:` URL is
 * the page's own icon).
 */

const ATTACKS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' autofocus onfocus='alert(1)",
  '</textarea><script>alert(1)</script>',
  '</title></style></script><svg onload=alert(1)>',
  '<!-- --!> <![CDATA[ ]]>',
  '&amp; &lt; &#x3c; &quot',
  '${x} {{x}} `x`',
  'Größe ✓ · 日本 · 🍮 ‮rtl',
]

/** A hostile text: an attack, anything printable (Unicode), or both (no control characters). */
const hostile = fc
  .oneof(
    fc.constantFrom(...ATTACKS),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc
      .tuple(fc.constantFrom(...ATTACKS), fc.string({ unit: 'grapheme' }))
      .map(([attack, text]) => text + attack + text),
  )
  .map((text) => text.replace(/\p{Cc}/gu, ''))
  .filter((text) => text.length > 0)

/** A URL from a request or the database: http(s) with a hostile tail, or a scheme that runs. */
const hostileUrl = fc.oneof(
  hostile.map((text) => ({
    value: `https://shop.example/${text}`,
    plain: 'https://shop.example/p',
  })),
  hostile.map((text) => ({ value: `javascript:alert(1)//${text}`, plain: 'javascript:p' })),
  fc.constantFrom(
    { value: ' JaVa\tScRiPt:alert(1)', plain: 'javascript:p' },
    { value: 'data:text/html,<script>alert(1)</script>', plain: 'data:p' },
  ),
)

type Node = DefaultTreeAdapterTypes.Node
type Element = DefaultTreeAdapterTypes.Element

const isElement = (node: Node): node is Element => 'tagName' in node

/** Every node under `node`, in document order (a `<template>`'s content included). */
function* nodes(node: Node): Generator<Node> {
  yield node
  const children = 'content' in node ? node.content.childNodes : []
  for (const child of ['childNodes' in node ? node.childNodes : [], children].flat())
    yield* nodes(child)
}

/** What a parsed page is made of: each element with its attribute names, in order. */
const shape = (root: Node) =>
  [...nodes(root)]
    .filter(isElement)
    .map((element) => `${element.tagName}[${element.attrs.map((attr) => attr.name).join(' ')}]`)

/** Every text and attribute value of a parsed page. */
const texts = (root: Node) =>
  [...nodes(root)].flatMap((node) =>
    isElement(node) ? node.attrs.map((attr) => attr.value) : 'value' in node ? [node.value] : [],
  )

/** The URLs a parsed page would follow, load or post to. */
const urls = (root: Node) =>
  [...nodes(root)].flatMap((node) =>
    isElement(node)
      ? node.attrs.filter((attr) => /^(href|src|action|formaction)$/.test(attr.name))
      : [],
  )

/** A slot's hostile value and a plain one (`url`: a URL, which may be replaced, not kept). */
interface Slot {
  value: string
  plain: string
  url?: true
}

/** The names in a list of space-separated words. */
type Words<S extends string> = S extends `${infer Word} ${infer Rest}` ? Word | Words<Rest> : S

/** Hostile slots named by the words of `names` (text) and of `urls` (URLs). */
const slotsOf = <T extends string, U extends string>(names: T, urls: U) =>
  fc.record(
    Object.fromEntries([
      ...names
        .split(' ')
        .map((name) => [name, hostile.map((value) => ({ value, plain: 'plain' }))]),
      ...urls.split(' ').map((name) => [name, hostileUrl.map((url) => ({ ...url, url: true }))]),
    ]),
  ) as fc.Arbitrary<Record<Words<T> | Words<U>, Slot>>

/**
 * Renders a page (or a fragment: an e-mail, a picture) with the hostile slots and with plain
 * ones, and checks the hostile one: the same elements and attributes, every hostile text that
 * `render` asked for in it as it was, no URL that runs script.
 */
function expectEscaped<Name extends string>(
  slots: Record<Name, Slot>,
  render: (slot: (name: Name) => string) => Page | string,
) {
  const markup = (pick: (slot: Slot) => string, used = new Set<Name>()) => {
    const page = render((name) => (used.add(name), pick(slots[name])))
    return typeof page === 'string' ? parseFragment(page) : parse(String(renderPage(page, 'n')))
  }
  const used = new Set<Name>()
  const page = markup((slot) => slot.value, used)
  expect(shape(page)).toEqual(shape(markup((slot) => slot.plain)))
  const found = texts(page)
  for (const { value, url } of [...used].map((name) => slots[name]))
    if (!url) expect(found.some((text) => text.includes(value))).toBe(true)
  for (const { value } of urls(page))
    expect(value.replace(/[\p{Cc} ]/gu, '')).not.toMatch(
      /^(javascript:|vbscript:|data:(?!image\/svg\+xml,))/i,
    )
}

const RUNS = { numRuns: 60 }

describe('every page escapes what it shows', () => {
  let platform: TestPlatform
  let estimate: WireEstimate

  // A real estimate (an item with an option and a picture, two shipping options): the page's
  // input, whose texts each property run replaces with hostile ones.
  beforeAll(async () => {
    platform = await startPlatform('sqlite')
    const db = platform.app.platform.db.kysely
    const product = await insertProduct(db, {
      name: 'Shirt',
      price: 20,
      media: { mainMedia: { image: { url: 'https://images.example/a.png', width: 9, height: 9 } } },
      ...withOption('Size', ['S', 'M']),
    })
    for (const [position, code] of ['standard', 'express'].entries())
      await insertShippingRule(db, {
        code,
        title: code,
        countries: ['US'],
        rate: 5,
        deliveryTime: 'soon',
        position,
      })
    const lines = [storesLine(2, product.id!, { Size: 'M' })]
    const { url } = await startVisitorCheckout(platform.baseUrl, lines, {})
    const { pathname, searchParams } = new URL(url)
    const checkoutId = pathname.split('/').pop()
    const opened = await openCheckout(
      platform.app.platform,
      checkoutId,
      searchParams.get('session'),
    )
    if (opened.kind !== 'flow') throw new Error(opened.kind)
    const form = { ...initialForm(opened.flow), country: 'US', shipping: 'standard' }
    const cart = await findCart(db, opened.flow.owner.id)
    const { publicUrl } = platform.app.platform.config
    const quote = await quoteOrder(db, cart, opened.flow, choiceOf(form), publicUrl)
    if (quote.kind !== 'quote') throw new Error(quote.kind)
    estimate = quote.estimate
    expect(estimate.shippingInfo.carrierServiceOptions[0]!.shippingOptions).toHaveLength(2)
    expect(estimate.cart.lineItems[0]!.descriptionLines).toHaveLength(1)
  })
  afterAll(() => platform?.close())

  it('the login page: every step, error, notice and question', () => {
    // The form that failed, and the form that asks the question, on the sign-in step.
    const failing: FormName[] = ['login', 'register', 'forgot']
    const asking: FormName[] = ['login', 'register']
    fc.assert(
      fc.property(
        slotsOf('appName email message notice question challenge csrf stateToken', 'action'),
        fc.constantFrom('signIn' as const, 'verify' as const),
        fc.constantFrom(...failing),
        fc.constantFrom(...asking),
        (slots, step, failed, asked) =>
          expectEscaped(slots, (slot) =>
            loginPage({
              step,
              action: slot('action'),
              csrf: slot('csrf'),
              appName: slot('appName'),
              email: slot('email'),
              notice: slot('notice'),
              error: { form: step === 'verify' ? 'verify' : failed, message: slot('message') },
              ...(step === 'verify'
                ? { stateToken: slot('stateToken') }
                : {
                    captcha: {
                      form: asked,
                      question: slot('question'),
                      challenge: slot('challenge'),
                    },
                  }),
            }),
          ),
      ),
      RUNS,
    )
  })

  it('the recovery pages and the message pages (logout, errors, done)', () => {
    fc.assert(
      fc.property(
        slotsOf('appName site error email token csrf title message linkText', 'link'),
        fc.constantFrom('RECOVERY' as const, 'ACTIVATION' as const),
        (slots, kind) => {
          const view = (slot: (name: keyof typeof slots) => string) => ({
            csrf: slot('csrf'),
            appName: slot('appName'),
            site: slot('site'),
            error: slot('error'),
          })
          expectEscaped(slots, (slot) =>
            newPasswordPage({ ...view(slot), kind, recoveryToken: slot('token') }),
          )
          expectEscaped(slots, (slot) => deadLinkPage({ ...view(slot), email: slot('email') }))
          expectEscaped(slots, (slot) =>
            messagePage(slot('title'), slot('message'), {
              brand: slot('appName'),
              link: slot('link'),
              linkText: slot('linkText'),
            }),
          )
        },
      ),
      RUNS,
    )
  })

  it('the checkout: product and option names, prices, shipping options, form values and errors', () => {
    const texts =
      'email name addressLine city postalCode card emailError nameError addressLineError ' +
      'cityError postalCodeError cardError countryError shippingError countryName region alert ' +
      'product option choice unitPrice linePrice shippingCode shippingTitle deliveryTime ' +
      'shippingPrice subtotal discount tax total amount csrf'
    fc.assert(
      fc.property(slotsOf(texts, 'image cartPageUrl action'), (slots) =>
        expectEscaped(slots, (slot) => {
          const page = structuredClone(estimate)
          const item = page.cart.lineItems[0]!
          item.productName.translated = slot('product')
          item.descriptionLines = [
            {
              name: { original: '', translated: slot('option') },
              plainText: { original: '', translated: slot('choice') },
              lineType: 'PLAIN_TEXT',
            },
          ]
          item.image = { url: slot('image') }
          item.price.formattedAmount = slot('unitPrice')
          item.lineItemPrice.formattedAmount = slot('linePrice')
          const options = page.shippingInfo.carrierServiceOptions[0]!.shippingOptions
          for (const option of options) {
            option.code = slot('shippingCode') + option.code
            option.title = slot('shippingTitle')
            option.logistics.deliveryTime = slot('deliveryTime')
            option.cost.price.formattedAmount = slot('shippingPrice')
          }
          page.shippingInfo.selectedCarrierServiceOption = options[0]
          const { subtotal, discount, tax, total } = page.priceSummary
          subtotal.formattedAmount = slot('subtotal')
          tax.formattedAmount = slot('tax')
          total.formattedAmount = slot('total')
          total.amount = slot('amount')
          discount.amount = '1.00'
          discount.formattedAmount = slot('discount')
          const subdivision = `US-${slot('region')}`
          return checkoutPage({
            action: slot('action'),
            csrf: slot('csrf'),
            form: {
              email: slot('email'),
              name: slot('name'),
              addressLine: slot('addressLine'),
              city: slot('city'),
              postalCode: slot('postalCode'),
              card: slot('card'),
              country: 'US',
              subdivision,
              shipping: options[1]!.code,
            },
            errors: {
              email: slot('emailError'),
              name: slot('nameError'),
              addressLine: slot('addressLineError'),
              city: slot('cityError'),
              postalCode: slot('postalCodeError'),
              card: slot('cardError'),
              country: slot('countryError'),
              shipping: slot('shippingError'),
            },
            alert: slot('alert'),
            focus: 'shipping',
            countries: [{ code: 'US', name: slot('countryName'), subdivisions: [subdivision] }],
            estimate: page,
            cartPageUrl: slot('cartPageUrl'),
          })
        }),
      ),
      RUNS,
    )
  })

  it('the dev mailbox, the e-mails, the web_message page and the pictures', () => {
    fc.assert(
      fc.property(
        slotsOf('to subject text kind code date filter label sublabel state', 'link origin'),
        (slots) => {
          expectEscaped(slots, (slot) =>
            mailboxPage(
              [
                {
                  id: '1',
                  to: slot('to'),
                  subject: slot('subject'),
                  text: slot('text'),
                  html: '',
                  kind: slot('kind'),
                  code: slot('code'),
                  link: slot('link'),
                  createdDate: slot('date'),
                },
              ],
              slot('filter'),
            ),
          )
          expectEscaped(slots, (slot) => verificationCodeMail('a@b.c', slot('code'), 10).html)
          expectEscaped(
            slots,
            (slot) => recoveryLinkMail('a@b.c', slot('link'), 'RECOVERY_LINK', 1).html,
          )
          expectEscaped(slots, (slot) =>
            renderIllustration({
              id: 'x',
              label: slot('label'),
              sublabel: slot('sublabel'),
              motif: 'mug',
              palette: ['#fff', '#000', '#f00'],
              composition: 1,
            }),
          )
          // The web_message page's script carries its values as JavaScript, never as markup.
          const { state, origin } = slots
          const params = { code: state.value, state: state.value }
          const page = parse(String(webMessagePage(params, origin.value).page))
          const plain = parse(String(webMessagePage({ code: 'p', state: 'p' }, 'p').page))
          expect(shape(page)).toEqual(shape(plain))
          const script = [...nodes(page)].find(
            (node) => isElement(node) && node.tagName === 'script',
          )
          const source = texts(script!).join('')
          const literal = /^window\.parent\.postMessage\((.*), (".*")\)$/s.exec(source)!
          expect(JSON.parse(literal[1]!)).toEqual(params)
          expect(JSON.parse(literal[2]!)).toBe(origin.value)
        },
      ),
      RUNS,
    )
  })
})
