/** Rounding of the catalog's measures (the wire's floats). Money itself is in `src/money.ts`. */

/** `value` rounded to `digits` decimals (half away from zero, without binary noise). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + Number.EPSILON) / factor)
}
