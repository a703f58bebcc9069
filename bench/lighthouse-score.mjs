// Lighthouse 10's performance score, computed from measured metrics: each metric is scored on a
// log-normal curve fixed by two control points (the value scoring 0.9 and the one scoring 0.5),
// and the score is the weighted mean of the metric scores. Same maths as Lighthouse's
// shared/statistics.js (`getLogNormalScore`) and its category scoring (2-decimal rounding).

/** Mobile control points and weights of Lighthouse 10 (Speed Index, FCP, LCP, TBT, CLS). */
export const MOBILE_CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 10 },
  si: { p10: 3387, median: 5800, weight: 10 },
  lcp: { p10: 2500, median: 4000, weight: 25 },
  tbt: { p10: 200, median: 600, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
}

/** The error function, Abramowitz and Stegun 7.1.26 (as Lighthouse computes it). */
function erf(x) {
  const sign = Math.sign(x)
  const t = 1 / (1 + 0.3275911 * Math.abs(x))
  const y =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  return sign * (1 - y * Math.exp(-x * x))
}

/** `erfc⁻¹(1/5)`: puts `p10` at the 0.9 score. */
const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232

/**
 * The score in [0, 1] of `value` on the log-normal curve scoring 0.9 at `p10` and 0.5 at
 * `median`; 1 for a non-positive value. Clamped like Lighthouse's, so that values on each side of
 * a control point never round across it.
 */
export function logNormalScore({ p10, median }, value) {
  if (!(p10 > 0 && median > p10)) throw new RangeError('need 0 < p10 < median')
  if (value <= 0) return 1
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median)
  const score = (1 - erf(standardized)) / 2
  if (value <= p10) return Math.max(0.9, Math.min(1, score))
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, score))
  return Math.max(0, Math.min(0.49999999999999994, score))
}

const twoDecimals = (value) => Math.round(value * 100) / 100

/**
 * The performance score (0–100) of `metrics` (`fcp`, `si`, `lcp`, `tbt` in ms, `cls` unitless),
 * with each metric's score (0–1, rounded to 2 decimals like Lighthouse's audits).
 */
export function performanceScore(metrics, curves = MOBILE_CURVES) {
  const scores = {}
  let sum = 0
  let weights = 0
  for (const [name, curve] of Object.entries(curves)) {
    if (typeof metrics[name] !== 'number') throw new TypeError(`missing metric ${name}`)
    scores[name] = twoDecimals(logNormalScore(curve, metrics[name]))
    sum += scores[name] * curve.weight
    weights += curve.weight
  }
  return { score: Math.round(twoDecimals(sum / weights) * 100), scores }
}
