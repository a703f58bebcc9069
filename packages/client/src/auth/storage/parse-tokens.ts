import type { Tokens } from '../types.js'

/** Reads stored JSON as {@link Tokens}; anything else (absent, malformed, foreign) is `undefined`. */
export function parseTokens(text: string | null | undefined): Tokens | undefined {
  try {
    const tokens = JSON.parse(text as string) as Tokens | null
    return typeof tokens?.accessToken?.value === 'string' &&
      typeof tokens.refreshToken?.value === 'string'
      ? tokens
      : undefined
  } catch {
    return undefined
  }
}
