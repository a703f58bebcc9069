import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocate, currencyDigits, decimal, money, parseAmount, toMinor } from './money.js'

describe('cart money', () => {
  it('reads and writes amounts in minor units of the currency', () => {
    expect(toMinor(19.9, 'USD')).toBe(1990)
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30)
    expect(parseAmount('5', 'USD')).toBe(500)
    expect(parseAmount('5.5', 'USD')).toBe(550)
    expect(parseAmount('12.34', 'EUR')).toBe(1234)
    expect(decimal(1990, 'USD')).toBe('19.90')
    expect(decimal(5, 'USD')).toBe('0.05')
    expect(decimal(-250, 'USD')).toBe('-2.50')
    expect(currencyDigits('JPY')).toBe(0)
    expect(decimal(1500, 'JPY')).toBe('1500')
    expect(money(1990, 'USD')).toEqual({
      amount: '19.90',
      convertedAmount: '19.90',
      formattedAmount: '$19.90',
      formattedConvertedAmount: '$19.90',
    })
    expect(money(123456, 'EUR').formattedAmount).toBe('€1,234.56')
    expect(money(100, 'XYZ').formattedAmount).toMatch(/^XYZ\s1\.00$/)
    expect(money(100, 'US$').formattedAmount).toBe('1.00 US$')
  })

  it('splits an amount in proportion, in whole units that add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(417, [4000, 700])).toEqual([355, 62])
    expect(allocate(50, [0, 0])).toEqual([0, 0])
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const shares = allocate(total, weights)
          const sum = weights.reduce((a, b) => a + b, 0)
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total)
          shares.forEach((share, index) => {
            expect(Number.isInteger(share)).toBe(true)
            if (sum > 0) expect(Math.abs(share - (total * weights[index]!) / sum)).toBeLessThan(1)
          })
        },
      ),
    )
  })
})
