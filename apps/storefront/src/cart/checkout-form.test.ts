import { describe, expect, it } from 'vitest'
import { estimateFields, estimateOfForm } from './checkout-form'

const formOf = (fields: [string, string][]) => new URLSearchParams(fields)

describe('the checkout form’s estimate', () => {
  it('travels as hidden fields and is read back as it was', () => {
    const estimate = {
      address: { country: 'US', subdivision: 'US-NY', postalCode: '10012' },
      shippingOptionCode: 'express',
    }
    const fields = estimateFields(estimate)
    expect(fields).toEqual([
      ['country', 'US'],
      ['subdivision', 'US-NY'],
      ['postalCode', '10012'],
      ['shippingOption', 'express'],
    ])
    expect(estimateOfForm(formOf(fields))).toEqual(estimate)
    expect(estimateFields({ address: { country: 'FR', city: 'Lyon' } })).toEqual([
      ['country', 'FR'],
      ['city', 'Lyon'],
    ])
  })

  it('is none without an estimate', () => {
    expect(estimateFields({})).toEqual([])
    expect(estimateOfForm(formOf([]))).toEqual({})
  })

  it('takes bounded, trimmed fields, and no address without a two-letter country', () => {
    expect(
      estimateOfForm(
        formOf([
          ['country', ' us '],
          ['city', 'x'.repeat(101)],
          ['postalCode', ' 10012 '],
          ['shippingOption', 'y'.repeat(101)],
          ['email', 'someone@example.com'],
        ]),
      ),
    ).toEqual({ address: { country: 'US', postalCode: '10012' } })
    for (const country of ['USA', 'U', '12', ''])
      expect(
        estimateOfForm(
          formOf([
            ['country', country],
            ['postalCode', '10012'],
          ]),
        ),
      ).toEqual({})
  })
})
