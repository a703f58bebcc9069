// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createClient, type Order } from '@vitrine/client'
import type { ComponentType } from 'react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import OrderPage from '../account/order-page'
import { OrderHistory } from '../account/order-history'
import ThankYouPage from '../pages/thank-you-page'
import { orderSummaryOf, orderViewOf, shipmentOf } from './order-view'

/*
 * What the order pages show of the data their server loaders hand over (the loaders themselves
 * are tested against a real platform in `server/orders.server.test.ts`).
 */

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(() => cleanup())

const price = (amount: string) => ({ amount, formattedAmount: `$${amount}` })

/** An order as the platform answers it (the client's codecs applied). */
const order: Order = {
  id: '5b0c6a1e-0000-4000-8000-000000000001',
  number: '10042',
  createdDate: new Date('2026-11-27T10:00:00Z'),
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'PARTIALLY_FULFILLED',
  taxIncludedInPrices: false,
  weightUnit: 'KG',
  currency: 'USD',
  buyerInfo: { memberId: 'm1', email: 'ann@example.com' },
  lineItems: [
    {
      id: 'l1',
      productName: { original: 'Everyday Organic Tee' },
      catalogReference: { catalogItemId: 'p1', appId: 'stores' },
      quantity: 2,
      price: price('28.00'),
      lineItemPrice: price('56.00'),
      totalPriceAfterTax: price('61.60'),
      image: 'wix:image://v1/demo-tee-sage.svg/Tee#originWidth=800&originHeight=800',
      descriptionLines: [
        { name: { original: 'Color' }, colorInfo: { original: 'Sage', code: '#9caf88' } },
        { name: { original: 'Size' }, plainText: { original: 'M' } },
      ],
      paymentOption: 'FULL_PAYMENT_ONLINE',
    },
    {
      id: 'l2',
      productName: { original: 'Pour-Over Coffee Set' },
      catalogReference: { catalogItemId: 'p2', appId: 'stores' },
      quantity: 1,
      price: price('42.00'),
      lineItemPrice: price('42.00'),
      totalPriceAfterTax: price('46.20'),
      paymentOption: 'FULL_PAYMENT_ONLINE',
    },
  ],
  priceSummary: {
    subtotal: price('98.00'),
    discount: price('9.80'),
    shipping: price('14.95'),
    tax: price('7.04'),
    total: price('110.19'),
  },
  shippingInfo: {
    title: 'Express Shipping',
    logistics: {
      deliveryTime: '1–2 business days',
      shippingDestination: {
        address: {
          addressLine: '120 Mercer Street',
          city: 'New York',
          subdivision: 'US-NY',
          postalCode: '10012',
          country: 'US',
        },
        contactDetails: { firstName: 'Sam', lastName: 'Shopper' },
      },
    },
  },
}

/** `Component` at `path`, its loader answering `data`, inside a query client. */
function renderRoute(path: string, pattern: string, Component: ComponentType<any>, data: unknown) {
  const Stub = createRoutesStub([
    {
      path: pattern,
      // It gets the route's props (`loaderData`…) as in the shop.
      Component,
      HydrateFallback: () => null,
      loader: () => data,
    },
  ])
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  )
}

/** The shop's client of its platform, whose host the pictures are on. */
const platform = createClient({ baseUrl: 'http://127.0.0.1:4100' })

describe('the thank-you page', () => {
  it('shows the order number, items, totals, address and delivery', async () => {
    const view = renderRoute('/thank-you?orderId=x', '/thank-you', ThankYouPage, {
      order: orderViewOf(order, platform),
    })
    await screen.findByRole('heading', { name: 'Thank you for your order' })
    expect(screen.getByText('#10042')).toBeTruthy()
    expect(screen.queryByText(order.id, { exact: false })).toBeNull()
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Everyday Organic TeeColor: Sage · Size: MQuantity 2$56.00$28.00 each',
      'No picture yetPour-Over Coffee SetQuantity 1$42.00',
    ])
    // The line's `wix:image://` reference, on the platform's host.
    expect(view.container.querySelector('.cart-line__image img')?.getAttribute('src')).toBe(
      'http://127.0.0.1:4100/media/demo-tee-sage.svg',
    )
    expect(screen.getByLabelText('Order totals').textContent).toBe(
      'Subtotal$98.00Discount−$9.80Shipping$14.95Tax$7.04Total$110.19',
    )
    expect(screen.getByText('120 Mercer Street')).toBeTruthy()
    expect(screen.getByText('New York, NY 10012')).toBeTruthy()
    expect(screen.getByText('Express Shipping')).toBeTruthy()
    expect(screen.getByText(/A confirmation is on its way to ann@example.com/)).toBeTruthy()
  })

  it('says so when the shop cannot read orders', async () => {
    renderRoute('/thank-you?orderId=x', '/thank-you', ThankYouPage, { order: undefined })
    await screen.findByRole('heading', { name: 'The shop cannot show orders right now' })
    expect(screen.queryByText(/Thank you for your order/)).toBeNull()
  })
})

describe('an order’s page', () => {
  it('shows the statuses and the shipments, tracking links only when http(s)', async () => {
    const shipments = [
      shipmentOf({
        id: 'f1',
        createdDate: new Date('2026-11-28T09:00:00Z'),
        lineItems: [{ id: 'l1', quantity: 2 }],
        trackingInfo: {
          shippingProvider: 'UPS',
          trackingNumber: '1Z999',
          trackingLink: 'https://ups.example/1Z999',
        },
      }),
      shipmentOf({
        id: 'f2',
        lineItems: [{ id: 'l2', quantity: 1 }],
        trackingInfo: { trackingNumber: 'X1', trackingLink: 'javascript:alert(1)' },
      }),
    ]
    renderRoute('/account/orders/x', '/account/orders/:id', OrderPage, {
      found: { order: orderViewOf(order, platform), shipments },
    })
    await screen.findByRole('heading', { name: 'Order #10042' })
    const statuses = screen.getByText('Payment').closest('dl')!
    expect(statuses.textContent).toBe('OrderConfirmedPaymentPaidShippingPartly shipped')
    expect(screen.getByText(/Shipped on Nov 28, 2026 · 2 items · UPS tracking/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '1Z999' }).getAttribute('href')).toBe(
      'https://ups.example/1Z999',
    )
    expect(screen.getByText(/Shipped · 1 item · Tracking X1/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'X1' })).toBeNull()
  })
})

describe('the order history', () => {
  it('links each order and the next page, as plain links', async () => {
    const Stub = createRoutesStub([
      {
        path: '/account',
        Component: () => (
          <OrderHistory history={{ orders: [orderSummaryOf(order)], next: 'c/2+' }} />
        ),
      },
    ])
    render(<Stub initialEntries={['/account']} />)
    const link = await screen.findByRole('link', { name: /Order #10042/ })
    expect(link.getAttribute('href')).toBe(`/account/orders/${order.id}`)
    expect(link.textContent).toBe('Order #10042Nov 27, 20263 items · Partly shipped$110.19')
    expect(screen.getByRole('link', { name: 'More orders' }).getAttribute('href')).toBe(
      '/account?cursor=c%2F2%2B#orders-title',
    )
    expect(screen.queryByRole('link', { name: 'Newer orders' })).toBeNull()
  })
})
