import type { Tokens, TokenStorage } from '../types.js'

/**
 * Keeps tokens in memory: the default of `OAuthStrategy`, and the right one for a server that
 * creates one strategy per request.
 */
export function memoryTokenStorage(tokens?: Tokens): TokenStorage {
  return {
    get: () => tokens,
    set: (next) => void (tokens = next),
  }
}
