import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openShop, PHONE, screenshot, seriousViolations, stack } from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** Waits for the console's toast that says `text` (the polite live region's). */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').locator('.adm-toast__message', { hasText: text }).waitFor()

/** Closes the toasts on screen (each has a Dismiss button). */
async function dismissToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss' })
  for (let left = await dismiss.count(); left > 0; left--) await dismiss.first().click()
}

/**
 * Checks the page with axe-core (no serious or critical violation, toasts included), then saves
 * its screenshot without the toasts in front of it (a modal dialog keeps them: they are inert).
 */
async function capture(page: Page, name: string, fullPage = true) {
  expect(await seriousViolations(page)).toEqual([])
  if ((await page.locator('dialog[open]').count()) === 0) await dismissToasts(page)
  await screenshot(page, name, fullPage)
}

/** Signs in on the console's door with the stack's admin key. */
async function signIn(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Admin key').fill(stack().adminKey)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor()
}

/** Types the choices of an option, Enter between them (each Enter adds the next choice). */
async function choices(option: Locator, names: string[]) {
  await option.getByRole('textbox', { name: /^Choice 1 of/ }).fill(names[0]!)
  for (const [i, name] of names.slice(1).entries()) {
    await option.getByRole('textbox', { name: new RegExp(`^Choice ${i + 1} of`) }).press('Enter')
    await option.getByRole('textbox', { name: new RegExp(`^Choice ${i + 2} of`) }).fill(name)
  }
}

describe('a merchant', () => {
  it('creates a product with variants and media, puts it in a collection, bulk-adjusts prices, and the shop shows it', async () => {
    const { page, context, problems } = await openShop(browser)
    const suffix = Date.now().toString(36)
    const name = `Harbor Rain Jacket ${suffix}`
    const collection = `Rainwear ${suffix}`

    // The door: a wrong key is refused in words; the right one stays on the shop's server, the
    // page holds an httpOnly session cookie and a token, never the key.
    await page.goto('/admin')
    await page.getByLabel('Admin key').fill('not-the-admin-key')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/admin key was not accepted/)
    await capture(page, 'admin-sign-in')
    await signIn(page)
    const held = async () => [
      ...(await page.evaluate(() => [
        ...Object.values(sessionStorage),
        ...Object.values(localStorage),
        document.cookie,
        document.documentElement.outerHTML,
      ])),
      ...(await context.cookies()).map((cookie) => cookie.value),
    ]
    expect((await held()).filter((value) => value.includes(stack().adminKey))).toEqual([])
    const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'vitrine-admin')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' })
    // A reload keeps the console signed in (the server's session), still without the key.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor()
    expect((await held()).filter((value) => value.includes(stack().adminKey))).toEqual([])
    const tote = page.getByRole('row').filter({ hasText: 'Waxed Canvas Tote' })
    const picture = (await tote.locator('img').getAttribute('src'))!
    expect(picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.svg$/)
    await capture(page, 'admin-products')

    // A new product with two options (6 variants) and its own price per variant.
    await page.getByRole('link', { name: 'Add product' }).click()
    await page.getByRole('heading', { level: 1, name: 'Add product' }).waitFor()
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Description').fill('<p>A light, fully taped rain shell.</p>')
    await page.getByLabel('Price', { exact: true }).fill('120')
    await page.getByLabel('Cost', { exact: true }).fill('45')
    await page.getByLabel('Brand').fill('Harbor & Co')
    await page.getByRole('switch', { name: 'Track quantity' }).check()
    await page.getByLabel('Quantity in stock').fill('10')
    await page.getByRole('button', { name: 'Add option' }).click()
    const color = page.getByRole('group', { name: 'Option 1' })
    await color.getByLabel('Option name').fill('Color')
    await color.getByLabel('Shown as').selectOption('color')
    await choices(color, ['Navy', 'Ochre'])
    await color.getByLabel('Colour of Navy').fill('#1f2a44')
    await color.getByLabel('Colour of Ochre').fill('#c8922a')
    await page.getByRole('button', { name: 'Add option' }).click()
    const size = page.getByRole('group', { name: 'Option 2' })
    await size.getByLabel('Option name').fill('Size')
    await choices(size, ['S', 'M', 'L'])
    expect(await page.getByText('6 variants').count()).toBe(1)
    await page.getByRole('switch', { name: /per variant/ }).check()
    await capture(page, 'admin-product-new')
    await page.getByRole('button', { name: 'Create product' }).first().click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await toast(page, `Created “${name}”`)

    const variants = page.getByRole('form', { name: 'Variants' })
    await variants.getByLabel('Price of Ochre / L').fill('150')
    await variants.getByRole('button', { name: 'Save variants' }).click()
    await toast(page, 'Saved 1 variant.')

    // A picture by address, then shown for the Navy choice.
    const media = page.getByRole('region', { name: 'Media' })
    await media.getByLabel('Picture address').fill(picture)
    await media.getByRole('button', { name: 'Add picture' }).click()
    await toast(page, 'Picture added.')
    await media.getByLabel('Show picture 1 for a choice').selectOption({ label: 'Color: Navy' })
    await toast(page, 'The picture now shows for Color: Navy.')
    await media.getByText('For Color: Navy').waitFor()
    const productUrl = (await page
      .getByRole('link', { name: /View in shop/ })
      .getAttribute('href'))!
    expect(productUrl).toMatch(/^\/products\/harbor-rain-jacket/)
    await capture(page, 'admin-product-edit')

    // A collection with a picture, and the product in it.
    await page
      .getByRole('navigation', { name: 'Catalog' })
      .getByRole('link', { name: 'Collections' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor()
    await page.getByRole('button', { name: 'New collection' }).click()
    const create = page.getByRole('dialog', { name: 'New collection' })
    await create.getByLabel('Name').fill(collection)
    await create.getByLabel('Description').fill('Shells and layers for grey days.')
    await create.getByLabel('Picture address').fill(picture)
    await create.getByRole('button', { name: 'Create collection' }).click()
    await page.getByRole('heading', { level: 1, name: collection }).waitFor()
    await page.getByRole('button', { name: 'Add products' }).click()
    const picker = page.getByRole('dialog', { name: `Add products to ${collection}` })
    await picker.getByLabel('Search products').fill('Harbor Rain')
    await picker.getByRole('checkbox', { name: new RegExp(name) }).check()
    await picker.getByRole('button', { name: 'Add 1 product' }).click()
    await toast(page, `Added “${name}” to ${collection}.`)
    await page
      .getByRole('region', { name: 'Products in this collection' })
      .getByRole('link', { name })
      .waitFor()
    const collectionUrl = (await page
      .getByRole('link', { name: /View in shop/ })
      .getAttribute('href'))!
    expect(collectionUrl).toMatch(/^\/shop\?collection=rainwear/)
    await capture(page, 'admin-collection-edit')
    await page.getByRole('link', { name: 'Collections', exact: true }).first().click()
    await page.getByRole('link', { name: collection, exact: true }).waitFor()
    await capture(page, 'admin-collections')

    // Bulk: prices of the selected products up by 10 %.
    await page
      .getByRole('navigation', { name: 'Catalog' })
      .getByRole('link', { name: 'Products' })
      .click()
    await page.getByLabel('Search products by name').fill('Harbor Rain')
    await page.getByRole('checkbox', { name: `Select ${name}` }).check()
    await dismissToasts(page)
    await page.getByRole('button', { name: 'Adjust by amount or %…' }).click()
    const adjust = page.getByRole('dialog', { name: 'Adjust selected products' })
    await adjust.getByLabel('Change (%)').fill('10')
    await adjust.getByText('Price of 1 product goes up by 10%.').waitFor()
    await capture(page, 'admin-bulk-adjust', false)
    await adjust.getByRole('button', { name: 'Apply to selected' }).click()
    await toast(page, 'Updated 1 product.')
    const row = page.getByRole('row').filter({ hasText: name })
    await expect.poll(() => row.locator('.adm-table__num').textContent()).toBe('$132.00 – $150.00')

    // The shop: the product page and the collection show the new prices and the picture.
    await page.goto(productUrl)
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await expect.poll(() => page.locator('.product__price').textContent()).toBe('From $132.00')
    expect(await page.locator(`img[src="${picture}"]`).count()).toBeGreaterThan(0)
    await page.getByRole('radio', { name: 'Ochre', exact: true }).check()
    await page.getByRole('radio', { name: 'L', exact: true }).check()
    await expect.poll(() => page.locator('.product__price').textContent()).toBe('$150.00')
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    await expect.poll(() => page.locator('.product__price').textContent()).toBe('$132.00')

    await page.goto(collectionUrl)
    await page.getByRole('heading', { level: 1, name: collection }).waitFor()
    const card = page.locator('.product-card', { hasText: name })
    await expect.poll(() => card.locator('.product-card__name').textContent()).toBe(name)
    await expect.poll(() => card.textContent()).toMatch(/From \$132\.00/)

    // Signing out ends the server's session: a reload asks for the key again.
    await page.goto('/admin')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByLabel('Admin key').waitFor()
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'vitrine-admin'))
      .toBe(false)
    await page.reload()
    await page.getByLabel('Admin key').waitFor()

    // The refused key is the only failed answer.
    expect(problems()).toEqual([expect.stringMatching(/^401 POST .*\/admin\/session$/)])
    await context.close()
  })

  it('manages the catalog on a phone', async () => {
    const { page, context, problems } = await openShop(browser, PHONE)
    await signIn(page)
    await page.getByRole('link', { name: 'Everyday Organic Tee', exact: true }).waitFor()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(PHONE.width)
    await capture(page, 'admin-products-phone')
    await page.getByRole('link', { name: 'Everyday Organic Tee', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Everyday Organic Tee' }).waitFor()
    await page.getByRole('form', { name: 'Variants' }).waitFor()
    await capture(page, 'admin-product-edit-phone', false)
    expect(problems()).toEqual([])
    await context.close()
  })
})
