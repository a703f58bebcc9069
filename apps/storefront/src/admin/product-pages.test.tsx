// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import { merchantOf, renderAdmin, startDemoPlatform } from './admin-test-kit'
import { productField } from './product-draft'
import { violationsOf } from './violations'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startDemoPlatform()
})
afterAll(() => platform.close())

/** The product called `name`, as the platform holds it (merchant's view). */
async function stored(name: string) {
  const merchant = merchantOf(platform)
  const page = await merchant.products.queryProducts().eq('name', name).find()
  const id = page.items[0]?.id
  if (!id) return undefined
  return (await merchant.products.getProduct(id, { includeMerchantSpecificData: true })).product
}

/** The form's submit button at the top of the page (the same one sits at its foot). */
const submit = (name: string) => screen.getAllByRole('button', { name })[0]!

/** The toast that says `text`, once it shows; it must sit in the polite live region. */
async function toast(text: string | RegExp) {
  const message = await screen.findByText(text, { selector: '.adm-toast__message' })
  expect(message.closest('[role="status"]')).toBeTruthy()
  return message
}

describe('creating a product', () => {
  it('says what is missing next to each field before sending anything', async () => {
    const { user } = renderAdmin(platform, '/admin/products/new')
    await screen.findByRole('heading', { level: 1, name: 'Add product' })
    await user.click(submit('Create product'))

    const summary = (await screen.findByText('2 things need fixing')).closest<HTMLElement>(
      '[role="alert"]',
    )!
    await waitFor(() => expect(document.activeElement).toBe(summary))
    const name = screen.getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Give the product a name',
    )
    await user.click(within(summary).getByRole('link', { name: /^Price/ }))
    expect(document.activeElement).toBe(screen.getByLabelText('Price'))
  })

  it('creates it with options and per-variant data, then opens it', async () => {
    const { user } = renderAdmin(platform, '/admin/products/new')
    await screen.findByRole('heading', { level: 1, name: 'Add product' })
    await user.type(screen.getByLabelText('Name'), 'Linen Apron')
    await user.type(screen.getByLabelText('Price'), '34.50')
    await user.type(screen.getByLabelText('Cost'), '12')
    expect(screen.getByText(/Profit/).textContent).toBe(
      'Shoppers pay $34.50 · Profit $22.50 · Margin 65%',
    )
    await user.type(screen.getByLabelText('Brand'), 'Vitrine Studio')

    await user.click(screen.getByRole('button', { name: 'Add option' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Option name'))
    await user.keyboard('Color')
    await user.selectOptions(screen.getByLabelText('Shown as'), 'color')
    // Enter in a choice adds the next one and moves there.
    await user.type(screen.getByLabelText('Choice 1 of Color'), 'Natural{Enter}')
    expect(document.activeElement).toBe(screen.getByLabelText('Choice 2 of Color'))
    await user.keyboard('Natural')
    await user.click(submit('Create product'))
    expect(
      (await screen.findByRole('link', { name: 'Option 1, choice 2: "Natural" appears twice' }))
        .textContent,
    ).toBeTruthy()

    await user.clear(screen.getByLabelText('Choice 2 of Color'))
    await user.type(screen.getByLabelText('Choice 2 of Color'), 'Charcoal')
    await user.click(screen.getByRole('switch', { name: /per variant/ }))
    await user.click(submit('Create product'))

    await toast(/^Created “Linen Apron”/)
    await screen.findByRole('heading', { level: 1, name: 'Linen Apron' })
    const product = await stored('Linen Apron')
    expect(product).toMatchObject({
      brand: 'Vitrine Studio',
      manageVariants: true,
      priceData: { price: 34.5 },
      costAndProfitData: { itemCost: 12 },
      productOptions: [{ name: 'Color', optionType: 'color' }],
    })
    expect(product!.variants!.map((variant) => variant.choices)).toEqual([
      { Color: 'Natural' },
      { Color: 'Charcoal' },
    ])
  })
})

describe('editing a product', () => {
  it('saves only what changed and announces it, sets variant data, and resets it', async () => {
    const { user } = renderAdmin(platform, '/admin/products?q=Heavyweight')
    await user.click(await screen.findByRole('link', { name: 'Heavyweight Hoodie' }))
    await screen.findByRole('heading', { level: 1, name: 'Heavyweight Hoodie' })

    const price = screen.getByLabelText('Price')
    await user.clear(price)
    await user.type(price, '71')
    await user.clear(screen.getByLabelText('Ribbon'))
    await user.click(submit('Save product'))
    await toast('Saved “Heavyweight Hoodie”.')
    const hoodie = await stored('Heavyweight Hoodie')
    expect(hoodie!.priceData!.price).toBe(71)
    expect(hoodie!.ribbon).toBeUndefined()

    // The table starts afresh from what the platform holds after each save.
    const variants = () => within(screen.getByRole('form', { name: 'Variants' }))
    const [first] = hoodie!.variants!
    const label = Object.values(first!.choices!).join(' / ')
    const cell = variants().getByLabelText(`Price of ${label}`)
    await user.clear(cell)
    await user.type(cell, 'abc')
    await user.click(variants().getByRole('button', { name: 'Save variants' }))
    expect(cell.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(cell)
    await user.clear(cell)
    await user.type(cell, '79.90')
    await user.click(variants().getByRole('button', { name: 'Save variants' }))
    await toast('Saved 1 variant.')
    const after = await stored('Heavyweight Hoodie')
    expect(after!.variants![0]!.variant!.priceData!.price).toBe(79.9)

    await user.click(variants().getByRole('button', { name: /Reset all/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Reset every variant?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reset variants' }))
    await toast(/^Every variant is back/)
    const reset = await stored('Heavyweight Hoodie')
    expect(reset!.variants!.every((variant) => variant.variant!.priceData!.price === 71)).toBe(true)
  })

  it('adds a picture by address for one choice, and removes it', async () => {
    const { product } = await merchantOf(platform).catalogWriter.createProduct({
      name: 'Waxed Apron',
      productOptions: [{ name: 'Color', choices: [{ value: 'Olive' }, { value: 'Charcoal' }] }],
    })
    const { user } = renderAdmin(platform, `/admin/products/${product.id}`)
    await screen.findByRole('heading', { level: 1, name: 'Waxed Apron' })
    const media = within(screen.getByRole('region', { name: 'Media' }))
    await user.type(media.getByLabelText('Picture address'), 'ftp://nope')
    await user.click(media.getByRole('button', { name: 'Add picture' }))
    expect(media.getByLabelText('Picture address').getAttribute('aria-invalid')).toBe('true')

    await user.clear(media.getByLabelText('Picture address'))
    await user.type(media.getByLabelText('Picture address'), `${platform.baseUrl}/media/apron.svg`)
    await user.selectOptions(media.getByLabelText('Show for'), 'Color: Charcoal')
    await user.click(media.getByRole('button', { name: 'Add picture' }))
    await toast('Picture added.')
    expect(await media.findByText('For Color: Charcoal')).toBeTruthy()
    const withPicture = await stored('Waxed Apron')
    expect(withPicture!.media!.items).toHaveLength(1)
    expect(withPicture!.productOptions![0]!.choices![1]!.media!.items).toHaveLength(1)

    await user.click(media.getByRole('button', { name: 'Remove picture 1' }))
    await toast('Picture 1 removed.')
    expect((await stored('Waxed Apron'))!.media!.items).toHaveLength(0)
  })
})

it('maps the platform’s own field violations onto the form’s fields', async () => {
  const writer = merchantOf(platform).catalogWriter
  const failure = await writer
    .createProduct({
      name: 'x'.repeat(81),
      discount: { type: 'PERCENT', value: 5 },
      productOptions: [
        { name: 'Size', choices: [{ value: 'S' }] },
        { name: 'size', choices: [{ value: 'M' }, { value: 'M' }] },
      ],
    })
    .catch((error: unknown) => error)
  expect(violationsOf(failure, productField).fields).toEqual({
    name: expect.any(String),
  })
  const options = await writer
    .createProduct({
      name: 'Duplicate options',
      productOptions: [
        { name: 'Size', choices: [{ value: 'S' }] },
        { name: 'size', choices: [{ value: 'M' }, { value: 'M' }] },
      ],
    })
    .catch((error: unknown) => error)
  expect(Object.keys(violationsOf(options, productField).fields).sort()).toEqual([
    'options.1.choices.1',
    'options.1.name',
  ])
})
