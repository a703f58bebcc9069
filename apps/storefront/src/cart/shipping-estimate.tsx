import type { Address, ShippingOption } from '@vitrine/client'
import { useId, useState, type FormEvent } from 'react'
import { COUNTRIES, US_STATES } from '../lib/regions'
import { useHydrated } from '../lib/hydrated'
import { formatMoney } from '../lib/format'
import type { Estimate } from './estimate-state'

/** The shipping options of a totals estimate, flattened from its carriers. */
export function shippingOptionsOf(
  info: { carrierServiceOptions?: { shippingOptions?: ShippingOption[] }[] } | undefined,
): ShippingOption[] {
  return (info?.carrierServiceOptions ?? []).flatMap((carrier) => carrier.shippingOptions ?? [])
}

function AddressForm({
  address,
  onSubmit,
}: {
  address: Address | undefined
  onSubmit: (address: Address) => void
}) {
  const id = useId()
  const [country, setCountry] = useState(address?.country ?? 'US')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    onSubmit({
      country,
      ...(text('subdivision') && { subdivision: text('subdivision') }),
      ...(text('city') && { city: text('city') }),
      ...(text('postalCode') && { postalCode: text('postalCode') }),
    })
  }
  return (
    <form className="form" onSubmit={submit} aria-label="Shipping address">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-country`}>
          Country
        </label>
        <select
          id={`${id}-country`}
          className="select"
          name="country"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          autoComplete="country"
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="form__row">
        {country === 'US' ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-state`}>
              State
            </label>
            <select
              id={`${id}-state`}
              className="select"
              name="subdivision"
              defaultValue={address?.country === 'US' ? address.subdivision : ''}
              autoComplete="address-level1"
            >
              <option value="">Choose…</option>
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-city`}>
              City
            </label>
            <input
              id={`${id}-city`}
              className="input"
              name="city"
              defaultValue={address?.city}
              autoComplete="address-level2"
            />
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-postal`}>
            Postal code
          </label>
          <input
            id={`${id}-postal`}
            className="input"
            name="postalCode"
            defaultValue={address?.postalCode}
            autoComplete="postal-code"
          />
        </div>
      </div>
      <button type="submit" className="button button--secondary">
        {address ? 'Update estimate' : 'Estimate shipping & tax'}
      </button>
    </form>
  )
}

/**
 * Where the order goes and how: an address form for the estimate, then the shipping options the
 * platform offers for it as radio buttons.
 */
export function ShippingEstimate({
  estimate,
  onChange,
  options,
  selectedCode,
  currency,
}: {
  estimate: Estimate
  onChange: (next: Estimate) => void
  options: ShippingOption[]
  selectedCode: string | undefined
  currency: string
}) {
  const hydrated = useHydrated()
  return (
    <section className="panel" aria-labelledby="shipping-title">
      <h2 className="panel__title" id="shipping-title">
        Shipping
      </h2>
      {/* The estimate is this tab's (kept in its session storage): it needs the page's script. */}
      {hydrated ? (
        <AddressForm
          address={estimate.address}
          onSubmit={(address) => onChange({ address, shippingOptionCode: undefined })}
        />
      ) : (
        <p className="muted">Shipping and tax are worked out for your address at checkout.</p>
      )}
      {estimate.address && options.length > 0 && (
        <fieldset className="choice-list delivery-options">
          <legend className="field__label">Delivery</legend>
          {options.map((option) => (
            <label key={option.code} className="choice-row">
              <input
                type="radio"
                name="shipping-option"
                value={option.code}
                checked={option.code === selectedCode}
                onChange={() => onChange({ ...estimate, shippingOptionCode: option.code })}
              />
              <span className="choice-row__main">
                <span>{option.title}</span>
                {option.logistics?.deliveryTime && (
                  <span className="choice-row__sub">{option.logistics.deliveryTime}</span>
                )}
              </span>
              <span className="choice-row__price">
                {Number(option.cost?.price?.amount ?? 0) === 0
                  ? 'Free'
                  : formatMoney(option.cost?.price, currency)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  )
}
