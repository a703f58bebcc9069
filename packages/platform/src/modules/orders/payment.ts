/** The test card that is always approved. */
export const APPROVED_CARD = '4242424242424242'
/** The test card that is always declined. */
export const DECLINED_CARD = '4000000000000002'

/** A test payment's outcome: approved (with the card's last 4 digits), or why not. */
export type TestPayment =
  { status: 'approved'; last4: string } | { status: 'declined' | 'invalid'; message: string }

/** Whether `digits` passes the Luhn check every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * A test payment with card `number` (spaces and dashes allowed): {@link APPROVED_CARD} is
 * approved; {@link DECLINED_CARD} and every other real card number are declined (no money moves
 * here); anything that is not a card number is invalid.
 */
export function testPayment(number: string): TestPayment {
  const digits = number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    return { status: 'invalid', message: 'Enter a valid card number.' }
  if (digits === APPROVED_CARD) return { status: 'approved', last4: digits.slice(-4) }
  if (digits === DECLINED_CARD)
    return { status: 'declined', message: 'Your card was declined. Try another card.' }
  return {
    status: 'declined',
    message: 'This shop takes test payments only: use the test card 4242 4242 4242 4242.',
  }
}
