import { describe, expect, it } from 'vitest'
import { MOBILE_CURVES, logNormalScore, performanceScore } from './lighthouse-score.mjs'

describe('logNormalScore', () => {
  // Lighthouse's own examples (shared/test/statistics-test.js).
  const params = { median: 7300, p10: 3785 }

  it('matches the published curve', () => {
    expect(logNormalScore(params, 7300)).toBe(0.5)
    expect(logNormalScore(params, 3785)).toBeCloseTo(0.9, 6)
    expect(logNormalScore(params, 1000)).toBeCloseTo(1.0)
    expect(logNormalScore(params, 2500)).toBeCloseTo(0.98)
    expect(logNormalScore(params, 5000)).toBeCloseTo(0.77)
    expect(logNormalScore(params, 7500)).toBeCloseTo(0.48)
    expect(logNormalScore(params, 10000)).toBeCloseTo(0.27)
    expect(logNormalScore(params, 30000)).toBeCloseTo(0.0)
    expect(logNormalScore(params, 1_000_000)).toBe(0)
  })

  it('scores every non-positive value 1', () => {
    for (const value of [-100_000, -1, 0]) expect(logNormalScore(params, value)).toBe(1)
  })

  it('never rounds across a control point', () => {
    expect(logNormalScore(params, 3786)).toBeLessThan(0.9)
    expect(logNormalScore(params, 7301)).toBeLessThan(0.5)
  })

  it('rejects control points out of order', () => {
    expect(() => logNormalScore({ p10: 5000, median: 4000 }, 1)).toThrow(RangeError)
    expect(() => logNormalScore({ p10: 0, median: 4000 }, 1)).toThrow(RangeError)
  })
})

describe('performanceScore', () => {
  it('is 100 for instant, stable pages', () => {
    expect(performanceScore({ fcp: 0, si: 0, lcp: 0, tbt: 0, cls: 0 }).score).toBe(100)
  })

  it('is 90 with every metric at its p10 and 50 with every metric at its median', () => {
    const at = (point) =>
      Object.fromEntries(Object.entries(MOBILE_CURVES).map(([name, curve]) => [name, curve[point]]))
    expect(performanceScore(at('p10')).score).toBe(90)
    expect(performanceScore(at('median')).score).toBe(50)
  })

  it('weighs the metrics 10/10/25/30/25', () => {
    // Only TBT at its median (0.5): 100 − 30 × 0.5 = 85.
    const result = performanceScore({ fcp: 0, si: 0, lcp: 0, tbt: 600, cls: 0 })
    expect(result.scores).toEqual({ fcp: 1, si: 1, lcp: 1, tbt: 0.5, cls: 1 })
    expect(result.score).toBe(85)
  })

  it('needs every metric', () => {
    expect(() => performanceScore({ fcp: 1, si: 1, lcp: 1, tbt: 1 })).toThrow(TypeError)
  })
})
