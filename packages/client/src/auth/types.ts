import type { TokenRole } from '../enums/identity.js'

/** An access token and when it expires. */
export interface AccessToken {
  /** The raw token, sent as `Authorization` without a `Bearer` prefix. */
  value: string
  /** Expiry, in epoch seconds. */
  expiresAt: number
}

/** A refresh token and the role it grants. */
export interface RefreshToken {
  value: string
  /** `none` (no tokens), `visitor` (anonymous) or `member` (logged in). */
  role: TokenRole
}

/** The token pair of a visitor or member session (SPEC §3). */
export interface Tokens {
  accessToken: AccessToken
  refreshToken: RefreshToken
}

/**
 * Where an {@link OAuthStrategy} keeps its tokens: memory (default), browser storage or cookies.
 * `get` is read before every call, so a change made elsewhere (another tab) is picked up.
 */
export interface TokenStorage {
  /** The stored tokens, if any. */
  get(): Tokens | undefined
  /** Stores `tokens` (empty values after a logout). */
  set(tokens: Tokens): void
  /** Calls `listener` when the tokens change outside this strategy; returns the unsubscriber. */
  subscribe?(listener: (tokens: Tokens | undefined) => void): () => void
  /**
   * Runs `renew` while no other holder of the same tokens (another tab) renews them, so that one
   * tab renews and the others take its tokens. Without it, renewal is single-flight per strategy.
   */
  lock?<T>(renew: () => Promise<T>): Promise<T>
}
