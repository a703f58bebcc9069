import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allocate,
  currencyDigits,
  decimal,
  discounted,
  money,
  parseAmount,
  percentOf,
  ratioOf,
  price,
  sum,
  toMinor,
} from './money.js'

describe('cart money', () => {
  it("gives an order's price as a decimal string and its text, past 2^53 too", () => {
    expect(price(1990n, 'USD')).toEqual({ amount: '19.90', formattedAmount: '$19.90' })
    expect(price(1500n, 'JPY')).toEqual({ amount: '1500', formattedAmount: '¥1,500' })
    expect(price(2n ** 60n + 1n, 'USD')).toEqual({
      amount: '11529215046068469.77',
      formattedAmount: '$11,529,215,046,068,469.77',
    })
  })

  it('reads and writes amounts in minor units of the currency', () => {
    expect(toMinor(19.9, 'USD')).toBe(1990n)
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30n)
    // As written, not as the binary double (1.00499999…) holds it.
    expect(toMinor(1.005, 'USD')).toBe(101n)
    expect(toMinor(999_999_999.99, 'USD')).toBe(99_999_999_999n)
    expect(parseAmount('5', 'USD')).toBe(500n)
    expect(parseAmount('5.5', 'USD')).toBe(550n)
    expect(parseAmount('12.34', 'EUR')).toBe(1234n)
    expect(decimal(1990n, 'USD')).toBe('19.90')
    expect(decimal(5n, 'USD')).toBe('0.05')
    expect(decimal(-250n, 'USD')).toBe('-2.50')
    expect(currencyDigits('JPY')).toBe(0)
    expect(decimal(1500n, 'JPY')).toBe('1500')
    expect(money(1990n, 'USD')).toEqual({
      amount: '19.90',
      convertedAmount: '19.90',
      formattedAmount: '$19.90',
      formattedConvertedAmount: '$19.90',
    })
    expect(money(123456n, 'EUR').formattedAmount).toBe('€1,234.56')
    expect(money(100n, 'XYZ').formattedAmount).toMatch(/^XYZ\s1\.00$/)
    expect(money(100n, 'US$').formattedAmount).toBe('1.00 US$')
  })

  it('stays exact past 2^53: 99,999 × $999,999,999.99 is …000.01, written and formatted', () => {
    const line = toMinor(999_999_999.99, 'USD') * 99_999n
    expect(decimal(line, 'USD')).toBe('99998999999000.01')
    expect(money(line, 'USD').formattedAmount).toBe('$99,998,999,999,000.01')
    const four = sum([line, line, line, line])
    expect(decimal(four, 'USD')).toBe('399995999996000.04')
    expect(decimal(four - percentOf(four, 10), 'USD')).toBe('359996399996400.04')
  })

  it('takes a ratio (a price per unit) rounded half up, exactly', () => {
    expect(ratioOf(1999n, 100, 750)).toBe(267n) // 266.53…
    expect(ratioOf(1000n, 1, 3)).toBe(333n)
    expect(ratioOf(1000n, 2, 3)).toBe(667n) // 666.66… → 667
    expect(ratioOf(5n, 1, 2)).toBe(3n) // 2.5 → 3
    expect(ratioOf(1999n, 0.5, 0.25)).toBe(3998n)
  })

  it('takes a percentage rounded half up, exactly', () => {
    expect(percentOf(4700n, 8.875)).toBe(417n) // 4.17125
    expect(percentOf(1000n, 12.5)).toBe(125n)
    expect(percentOf(5n, 10)).toBe(1n) // 0.5 → 1
    expect(percentOf(4n, 10)).toBe(0n)
    expect(percentOf(0n, 20)).toBe(0n)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (minor, millionths) => {
          const percent = millionths / 100_000 // 0 … 100, up to 5 decimals
          const exact = (minor * BigInt(millionths)) / 10_000_000n
          const got = percentOf(minor, percent)
          expect(got === exact || got === exact + 1n).toBe(true)
        },
      ),
    )
  })

  it('discounts a price in whole cents, half up, never below 0', () => {
    expect(discounted(19.99, { type: 'PERCENT', value: 10 })).toBe(17.99) // 17.991
    expect(discounted(0.05, { type: 'PERCENT', value: 50 })).toBe(0.03) // 0.025
    expect(discounted(10.05, { type: 'PERCENT', value: 50 })).toBe(5.03) // 5.025
    expect(discounted(25, { type: 'PERCENT', value: 12.5 })).toBe(21.88) // 21.875
    expect(discounted(25, { type: 'PERCENT', value: 150 })).toBe(0)
    expect(discounted(2, { type: 'AMOUNT', value: 3.33 })).toBe(0)
    expect(discounted(5.1, { type: 'AMOUNT', value: 0.2 })).toBe(4.9)
    expect(discounted(999_999_999.99, { type: 'NONE', value: 0 })).toBe(999_999_999.99)
  })

  it('splits an amount in proportion, in whole units that add up exactly', () => {
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n])
    expect(allocate(417n, [4000n, 700n])).toEqual([355n, 62n])
    expect(allocate(50n, [0n, 0n])).toEqual([0n, 0n])
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 16n }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const shares = allocate(total, weights)
          const whole = sum(weights)
          expect(sum(shares)).toBe(whole === 0n ? 0n : total)
          shares.forEach((share, index) => {
            expect(share >= 0n).toBe(true)
            if (whole > 0n) {
              // |share − total × w / Σw| < 1, without leaving integers.
              const diff = share * whole - total * weights[index]!
              expect(diff < whole && -diff < whole).toBe(true)
            }
          })
        },
      ),
    )
  })
})
