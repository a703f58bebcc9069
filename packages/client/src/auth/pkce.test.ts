import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateChallenge, generateState, generateVerifier, VERIFIER_ALPHABET } from './pkce.js'

describe('PKCE (SPEC §5, §9)', () => {
  it('the alphabet is letters, digits and - . _ ~ (66 symbols)', () => {
    expect(VERIFIER_ALPHABET).toHaveLength(66)
    expect(new Set(VERIFIER_ALPHABET).size).toBe(66)
    expect(VERIFIER_ALPHABET).toMatch(/^[A-Za-z0-9._~-]+$/)
  })

  it('the verifier is 43 characters by default', () => {
    expect(generateVerifier()).toHaveLength(43)
  })

  it('any length from 43 to 128 gives a verifier of that length from the alphabet', () => {
    fc.assert(
      fc.property(fc.integer({ min: 43, max: 128 }), (length) => {
        const verifier = generateVerifier(length)
        expect(verifier).toHaveLength(length)
        expect(verifier).toMatch(/^[A-Za-z0-9._~-]+$/)
      }),
    )
  })

  it('lengths outside 43..128 (and non-integers) are a RangeError naming the bounds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 42 }),
          fc.integer({ min: 129 }),
          fc.double({ min: 43, max: 128, noInteger: true }),
          fc.constant(Number.NaN),
        ),
        (length) => {
          expect(() => generateVerifier(length)).toThrow(RangeError)
          expect(() => generateVerifier(length)).toThrow(/43 to 128/)
        },
      ),
    )
  })

  it('the challenge is the base64url SHA-256 of the verifier, without padding', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (length) => {
        const verifier = generateVerifier(length)
        const challenge = await generateChallenge(verifier)
        expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'))
        expect(challenge).not.toMatch(/[=+/]/)
      }),
    )
  })

  it('the challenge of any string matches node:crypto', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (text) => {
        expect(await generateChallenge(text)).toBe(
          createHash('sha256').update(text).digest('base64url'),
        )
      }),
    )
  })

  it('all 66 symbols are reachable and roughly uniform (no modulo bias)', () => {
    const counts = new Map<string, number>()
    const samples = 2000
    for (let i = 0; i < samples; i++)
      for (const c of generateVerifier(128)) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(66)
    // 256 000 draws: each symbol expects ~3879 (σ ≈ 62). A biased `byte % 66` would give the last
    // 8 symbols 3/256 instead of 1/66, 23 % fewer; ±12 % (7σ) never fails by chance.
    const expected = (samples * 128) / 66
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(expected * 0.88)
      expect(count).toBeLessThan(expected * 1.12)
    }
  })

  it('the state is derived from a random 43-character string', async () => {
    const states = await Promise.all(Array.from({ length: 20 }, () => generateState()))
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Set(states).size).toBe(20)
  })
})
