// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import {
  merchantOf,
  placeOrder,
  renderAdmin,
  startDemoPlatform,
  storesLine,
} from './admin-test-kit'
import { createVitrineQueryClient, vitrineKeys } from '@vitrine/react'

let platform: TestPlatform
/** Demo products by name: their ids. */
const ids: Record<string, string> = {}
beforeAll(async () => {
  platform = await startDemoPlatform()
  const { items } = await merchantOf(platform).products.queryProducts().limit(100).find()
  for (const product of items) ids[product.name!] = product.id
})
afterAll(() => platform.close())

const pins = (quantity: number) => storesLine(quantity, ids['Enamel Pin Set']!)
const tote = () => storesLine(1, ids['Waxed Canvas Tote']!, { Color: 'Tan' })
const ebook = () => storesLine(1, ids['Home Styling Guide (e-book)']!)

/** An order placed through the hosted checkout, as the merchant reads it. */
const order = async (lines: ReturnType<typeof storesLine>[], email: string) =>
  merchantOf(platform).orders.getOrder(await placeOrder(platform, lines, email))

/** The global `fetch`, noting the path of every request. */
function recordingFetch() {
  const paths: string[] = []
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    paths.push(new URL(request.url).pathname)
    return fetch(request)
  }
  return { fetch: recording, paths }
}

const toast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '.adm-toast__message' })

/** The list's rows (without the header row). */
const rows = () => screen.getAllByRole('row').slice(1)

/** The row of order `number`. */
const rowOf = async (number: string) =>
  (await screen.findByRole('link', { name: `Order #${number}` })).closest('tr')!

describe('the order list', () => {
  it('shows orders newest first, finds them by e-mail or number, and filters by status', async () => {
    const first = await order([pins(2)], 'list-alice@example.com')
    const second = await order([tote(), pins(1)], 'list-bob@example.com')
    const digital = await order([ebook()], 'list-carol@example.com')
    const other = await order([pins(1)], 'other-frank@example.com')
    const { user } = renderAdmin(platform, '/admin/orders')
    await screen.findByRole('heading', { level: 1, name: 'Orders' })
    await rowOf(other.number)
    await user.type(screen.getByLabelText('Search orders by number or buyer e-mail'), 'LIST-')

    await waitFor(() =>
      expect(rows().map((row) => within(row).getByRole('link').getAttribute('aria-label'))).toEqual(
        [digital, second, first].map((placed) => `Order #${placed.number}`),
      ),
    )
    const row = within(await rowOf(second.number))
    expect(row.getByText('list-bob@example.com')).toBeTruthy()
    expect(row.getByText('Ann Buyer')).toBeTruthy()
    // Two units, the total as the platform formats it, and both statuses.
    expect(row.getAllByText('2')).toHaveLength(1)
    expect(row.getByText(second.priceSummary!.total!.formattedAmount!)).toBeTruthy()
    // Each status in its column, and on phones under the number (CSS shows one of them).
    expect(row.getAllByText('Paid')).toHaveLength(2)
    expect(row.getAllByText('Not fulfilled')).toHaveLength(2)
    expect(within(await rowOf(digital.number)).getAllByText('Fulfilled')).toHaveLength(2)

    // Nothing to ship: fulfilled already. The filter keeps the search.
    await user.selectOptions(screen.getByLabelText('Fulfillment'), 'FULFILLED')
    await waitFor(() => expect(rows()).toHaveLength(1))
    await rowOf(digital.number)
    await user.selectOptions(screen.getByLabelText('Payment'), 'FULLY_REFUNDED')
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeTruthy()
    expect(
      screen.getByText('No buyer e-mail starts with “LIST-” among the orders with these statuses.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }))
    expect(
      (screen.getByLabelText('Search orders by number or buyer e-mail') as HTMLInputElement).value,
    ).toBe('')
    expect((screen.getByLabelText('Payment') as HTMLSelectElement).value).toBe('')
    await rowOf(first.number)

    // By number, with or without `#`.
    await user.type(
      screen.getByLabelText('Search orders by number or buyer e-mail'),
      `#${first.number}{Enter}`,
    )
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]!).getByText('list-alice@example.com')).toBeTruthy()
  })

  it('pages by cursor: the next orders load below the first page', async () => {
    const placed = []
    for (let i = 0; i < 21; i++) placed.push(await order([pins(1)], `page-${i}@example.com`))
    const { user } = renderAdmin(platform, '/admin/orders?q=page-')
    await rowOf(placed[20]!.number)
    expect(rows()).toHaveLength(20)
    expect(screen.getByText('Showing 20 orders')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Load more orders' }))
    await rowOf(placed[0]!.number)
    expect(rows()).toHaveLength(21)
    expect(screen.getByText('Showing all 21 orders')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull()
  })

  it('is forgotten when the console signs out: it holds buyers’ names and addresses', async () => {
    await order([pins(1)], 'forget-gus@example.com')
    const queryClient = createVitrineQueryClient()
    const { user } = renderAdmin(platform, '/admin/orders?q=forget-gus', { queryClient })
    await screen.findByText('forget-gus@example.com')
    expect(
      queryClient.getQueryCache().findAll({ queryKey: vitrineKeys.merchantOrders() }),
    ).not.toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await screen.findByLabelText('Admin key')
    expect(
      queryClient.getQueryCache().findAll({ queryKey: vitrineKeys.merchantOrders() }),
    ).toHaveLength(0)
  })

  it('says when there is no order at all, and when one cannot be loaded', async () => {
    const { user } = renderAdmin(platform, '/admin/orders?q=nobody-at-all@')
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeTruthy()
    expect(screen.getByText('No buyer e-mail starts with “nobody-at-all@”.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }))
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))

    renderAdmin(platform, '/admin/orders/no-such-order')
    expect(
      await screen.findByRole('heading', { name: 'This order could not be loaded' }),
    ).toBeTruthy()
    expect(screen.getByText(/no-such-order/)).toBeTruthy()
  })
})

describe('an order', () => {
  it('shows its items, totals, buyer and delivery, and is marked fulfilled once with its tracking', async () => {
    const placed = await order([tote(), pins(3)], 'detail-dana@example.com')
    const { fetch, paths } = recordingFetch()
    const { user } = renderAdmin(platform, '/admin/orders?q=detail-dana', { fetch })
    await user.click(await screen.findByRole('link', { name: `Order #${placed.number}` }))
    await screen.findByRole('heading', { level: 1, name: `Order #${placed.number}` })

    const items = within(screen.getByRole('region', { name: 'Items (4)' }))
    const toteRow = items.getByText('Waxed Canvas Tote').closest('tr')!
    expect(within(toteRow).getByText('Color: Tan · SKU TOTE')).toBeTruthy()
    expect(within(toteRow).getByRole('presentation').getAttribute('src')).toMatch(/\/media\//)
    const pinsRow = items.getByText('Enamel Pin Set').closest('tr')!
    expect(within(pinsRow).getByText('× 3')).toBeTruthy()
    expect(within(pinsRow).getByText('$42.00')).toBeTruthy()
    const total = items.getByText('Total', { selector: 'dt' }).nextElementSibling!
    expect(total.textContent).toBe(placed.priceSummary!.total!.formattedAmount)
    const buyer = within(screen.getByRole('region', { name: 'Buyer' }))
    expect(buyer.getByRole('link', { name: 'detail-dana@example.com' })).toBeTruthy()
    expect(buyer.getByText('Checked out as a guest')).toBeTruthy()
    const delivery = within(screen.getByRole('region', { name: 'Delivery' }))
    expect(delivery.getByText('Standard Shipping')).toBeTruthy()
    expect(delivery.getByText('New York, NY 10001')).toBeTruthy()
    const fulfillments = within(screen.getByRole('region', { name: 'Fulfillments' }))
    expect(await fulfillments.findByText('Nothing is marked as sent yet.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Mark as fulfilled' }))
    const dialog = within(
      await screen.findByRole('dialog', { name: `Mark order #${placed.number} as fulfilled` }),
    )
    expect(dialog.getByText(/^4 items left to fulfill/)).toBeTruthy()
    await user.type(dialog.getByLabelText('Tracking link (optional)'), 'not a link')
    await user.click(dialog.getByRole('button', { name: 'Mark as fulfilled' }))
    expect(dialog.getByText('Give the full address, starting with https://')).toBeTruthy()
    await user.clear(dialog.getByLabelText('Tracking link (optional)'))
    await user.type(dialog.getByLabelText('Tracking number (optional)'), '1Z999AA10123456784')
    await user.type(dialog.getByLabelText('Carrier (optional)'), 'UPS')
    // Two clicks before the page re-renders (a quick double click) send one fulfillment.
    const submit = dialog.getByRole<HTMLButtonElement>('button', { name: 'Mark as fulfilled' })
    act(() => {
      submit.click()
      submit.click()
    })

    await toast(`Order #${placed.number} is marked as fulfilled.`)
    expect(screen.queryByRole('dialog')).toBeNull()
    const header = screen.getByRole('heading', { level: 1 }).parentElement!
    await waitFor(() => expect(within(header).getByText('Fulfilled')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull()
    expect(await fulfillments.findByText('UPS · 1Z999AA10123456784')).toBeTruthy()
    expect(fulfillments.getByText('Waxed Canvas Tote × 1, Enamel Pin Set × 3')).toBeTruthy()
    const stored = await merchantOf(platform).orderFulfillments.listFulfillmentsForSingleOrder(
      placed.id,
    )
    expect(stored.orderWithFulfillments.fulfillments).toHaveLength(1)
    expect(paths.filter((path) => path.endsWith('/create-fulfillment'))).toHaveLength(1)
    expect((await merchantOf(platform).orders.getOrder(placed.id)).fulfillmentStatus).toBe(
      'FULFILLED',
    )

    // Back to the list it came from, which shows the change.
    await user.click(within(header).getByRole('link', { name: 'Orders' }))
    expect(
      (screen.getByLabelText('Search orders by number or buyer e-mail') as HTMLInputElement).value,
    ).toBe('detail-dana')
    await waitFor(async () =>
      expect(within(await rowOf(placed.number)).getAllByText('Fulfilled')).toHaveLength(2),
    )
  })

  it('is canceled after asking', async () => {
    const placed = await order([pins(1)], 'cancel-erin@example.com')
    const { user } = renderAdmin(platform, `/admin/orders/${placed.id}`)
    await screen.findByRole('heading', { level: 1, name: `Order #${placed.number}` })
    const cancel = await screen.findByRole('button', { name: 'Cancel order' })
    await user.click(cancel)
    const ask = `Cancel order #${placed.number}?`
    await user.click(
      within(await screen.findByRole('dialog', { name: ask })).getByRole('button', {
        name: 'Keep order',
      }),
    )
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    expect((await merchantOf(platform).orders.getOrder(placed.id)).status).toBe('APPROVED')

    await user.click(cancel)
    const dialog = await screen.findByRole('dialog', { name: ask })
    await user.click(within(dialog).getByRole('switch', { name: 'Put the items back in stock' }))
    await user.type(
      within(dialog).getByLabelText('Message to the buyer (optional)'),
      'The pins are sold out.',
    )
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Cancel order',
    })
    act(() => {
      confirm.click()
      confirm.click()
    })
    await toast(`Order #${placed.number} is canceled.`)
    const header = screen.getByRole('heading', { level: 1 }).parentElement!
    await waitFor(() => expect(within(header).getByText('Canceled')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull()
    const canceled = await merchantOf(platform).orders.getOrder(placed.id)
    expect(canceled.status).toBe('CANCELED')
    // Not restocked (switched off); the buyer was mailed with the message.
    expect(canceled.lineItems?.[0]?.restockQuantity).toBe(0)
    const mailbox = await fetch(
      `${platform.baseUrl}/_dev/mailbox?to=${encodeURIComponent('cancel-erin@example.com')}`,
    )
    const { messages } = (await mailbox.json()) as { messages: { kind: string; text: string }[] }
    const mail = messages.filter((message) => message.kind === 'ORDER_CANCELED')
    expect(mail.map((row) => row.text.split('\n')[2])).toEqual(['The pins are sold out.'])
  })
})
