import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CheckoutFailedNotice } from './checkout-failed'

const rendered = (path: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <CheckoutFailedNotice />
    </MemoryRouter>,
  )

describe('the cart after a checkout the platform failed', () => {
  it('says the checkout could not open, as an alert; nothing otherwise', () => {
    expect(rendered('/cart?checkout=failed')).toContain('role="alert"')
    expect(rendered('/cart?checkout=failed')).toContain('The checkout could not open')
    expect(rendered('/cart')).toBe('')
  })
})
