/**
 * Why a webhook was rejected:
 * - `INVALID_SIGNATURE`: the signature does not verify with the public key, or the header's `alg`
 *   is not `RS256` (an unsigned `none` or a shared-secret `HS256` token is never accepted);
 * - `MALFORMED`: not a compact JWT, not JSON where JSON is due, or the claim `data` is not a string;
 * - `EXPIRED`: now (± the clock tolerance) is outside the token's `nbf`…`exp` window;
 * - `UNEXPECTED_EVENT`: the event type is neither handled nor in `expectedEvents`.
 */
export type WebhookErrorCode = 'INVALID_SIGNATURE' | 'MALFORMED' | 'EXPIRED' | 'UNEXPECTED_EVENT'

/**
 * Every rejected webhook fails with a `WebhookError`; answer it with a 4xx and do not retry.
 *
 * @example
 * try { await webhooks.processRequest(request) }
 * catch (error) { if (isWebhookError(error)) return new Response(error.message, { status: 400 }) }
 */
export class WebhookError extends Error {
  override readonly name = 'WebhookError' as const
  readonly code: WebhookErrorCode

  constructor(code: WebhookErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
  }
}

/** True for a {@link WebhookError}, also one from another realm or bundle copy. */
export function isWebhookError(error: unknown): error is WebhookError {
  return typeof error === 'object' && error !== null && (error as Error).name === 'WebhookError'
}
