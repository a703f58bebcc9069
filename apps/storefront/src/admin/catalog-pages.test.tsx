// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import { merchantOf, renderAdmin, startDemoPlatform } from './admin-test-kit'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startDemoPlatform()
})
afterAll(() => platform.close())

const message = (text: string | RegExp) =>
  screen.findByText(text, { selector: '.adm-toast__message' })

/** A new product straight through the platform (a test's own, so tests stay apart). */
const product = async (name: string, price: number) =>
  (await merchantOf(platform).catalogWriter.createProduct({ name, priceData: { price } })).product

const priceOf = async (id: string) =>
  (await merchantOf(platform).products.getProduct(id)).product.priceData?.price

describe('the product list', () => {
  it('searches by name, shows hidden products, and says when nothing matches', async () => {
    const hidden = await product('Secret Sampler', 5)
    await merchantOf(platform).catalogWriter.updateProduct(hidden.id, { visible: false })
    const { user } = renderAdmin(platform, '/admin/products')
    await user.type(await screen.findByLabelText('Search products by name'), 'sampler')
    const row = (await screen.findByRole('link', { name: 'Secret Sampler' })).closest('tr')!
    // The status column, and on phones the badge under the name (CSS shows one of them).
    expect(within(row).getAllByText('Hidden')).toHaveLength(2)
    expect(within(row).getByText('$5.00')).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(2)

    await user.type(screen.getByLabelText('Search products by name'), 'zzz')
    expect(
      await screen.findByRole('heading', { name: 'No products match “samplerzzz”' }),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByRole('link', { name: 'Everyday Organic Tee' })).toBeTruthy()
  })

  it('adjusts the prices of the selected products by a percentage', async () => {
    const mug = await product('Bulk Mug', 20)
    const bowl = await product('Bulk Bowl', 30)
    const { user } = renderAdmin(platform, '/admin/products?q=Bulk')
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bulk Mug' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Bulk Bowl' }))
    expect(screen.getByText('2 products selected')).toBeTruthy()
    const open = screen.getByRole('button', { name: 'Adjust by amount or %…' })
    await user.click(open)

    const dialog = await screen.findByRole('dialog', { name: 'Adjust selected products' })
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }))
    expect(within(dialog).getByLabelText('Change (%)').getAttribute('aria-invalid')).toBe('true')
    await user.type(within(dialog).getByLabelText('Change (%)'), '10')
    expect(within(dialog).getByText('Price of 2 products goes up by 10%.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }))

    await message('Updated 2 products.')
    expect([await priceOf(mug.id), await priceOf(bowl.id)]).toEqual([22, 33])
    const row = (await screen.findByRole('link', { name: 'Bulk Mug' })).closest('tr')!
    await waitFor(() => expect(within(row).getByText('$22.00')).toBeTruthy())
    // The selection is spent; focus went back to the page's heading.
    expect(screen.queryByText(/selected$/)).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    )
  })

  it('sets a price on the selected products, and deletes one after asking', async () => {
    const plate = await product('Set Plate', 12)
    const { user } = renderAdmin(platform, '/admin/products?q=Set%20Plate')
    await user.click(await screen.findByRole('checkbox', { name: 'Select Set Plate' }))
    await user.click(screen.getByRole('button', { name: 'Set price, cost or weight…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Set values of selected products' })
    await user.type(within(dialog).getByLabelText('Price'), '15.25')
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }))
    await message('Updated 1 product.')
    expect(await priceOf(plate.id)).toBe(15.25)

    const remove = await screen.findByRole('button', { name: 'Delete Set Plate' })
    await user.click(remove)
    const confirm = await screen.findByRole('dialog', { name: 'Delete product?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(document.activeElement).toBe(remove))
    await user.click(remove)
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete product?' })).getByRole('button', {
        name: 'Delete product',
      }),
    )
    await message('Deleted “Set Plate”.')
    await expect(merchantOf(platform).products.getProduct(plate.id)).rejects.toMatchObject({
      status: 404,
    })
  })
})

describe('collections', () => {
  it('creates one, adds and removes products, and edits its name', async () => {
    const lamp = await product('Collection Lamp', 40)
    const { user } = renderAdmin(platform, '/admin/collections')
    await user.click(await screen.findByRole('button', { name: 'New collection' }))
    const dialog = await screen.findByRole('dialog', { name: 'New collection' })
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'))
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }))
    expect(within(dialog).getByText('Give the collection a name')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Name'), 'Evening Light')
    await user.type(within(dialog).getByLabelText('Description'), 'Lamps for long evenings.')
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }))

    await message(/^Created the collection “Evening Light”/)
    await screen.findByRole('heading', { level: 1, name: 'Evening Light' })
    expect(
      await screen.findByRole('heading', { name: 'No products in this collection' }),
    ).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Add products' }))
    const picker = await screen.findByRole('dialog', { name: 'Add products to Evening Light' })
    await user.type(within(picker).getByLabelText('Search products'), 'Collection Lamp')
    await user.click(await within(picker).findByRole('checkbox', { name: /Collection Lamp/ }))
    await user.click(within(picker).getByRole('button', { name: 'Add 1 product' }))
    await message('Added “Collection Lamp” to Evening Light.')
    const members = within(
      await screen.findByRole('region', { name: 'Products in this collection' }),
    )
    expect(await members.findByRole('link', { name: 'Collection Lamp' })).toBeTruthy()
    const collection = (
      await merchantOf(platform).collections.queryCollections().eq('name', 'Evening Light').find()
    ).items[0]!
    expect(collection.numberOfProducts).toBe(1)
    expect(
      (await merchantOf(platform).products.getProduct(lamp.id)).product.collectionIds,
    ).toContain(collection.id)

    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Evening Lights')
    await user.click(screen.getByRole('button', { name: 'Save collection' }))
    await message('Saved the collection “Evening Lights”.')
    expect((await merchantOf(platform).collections.getCollection(collection.id)).name).toBe(
      'Evening Lights',
    )

    await user.click(members.getByRole('button', { name: 'Remove Collection Lamp' }))
    await message('Removed “Collection Lamp” from Evening Lights.')
    expect(
      (await merchantOf(platform).collections.getCollection(collection.id)).numberOfProducts,
    ).toBe(0)
  })
})
