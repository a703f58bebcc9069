/** How reads are retried on network errors, 429 and 503. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 turns retries off. */
  limit?: number
  /** First back-off in ms, doubled each time, with jitter. Default 300. */
  backoff?: number
  /** The longest wait in ms, also for `Retry-After`; a longer `Retry-After` is not waited for. Default 10000. */
  maxDelay?: number
}

/** Milliseconds a `Retry-After` value (seconds or an HTTP date) asks to wait; none when unreadable. */
export function retryAfterMs(retryAfter: string | null | undefined): number | undefined {
  if (!retryAfter) return undefined
  const seconds = Number(retryAfter)
  const ms = Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1000
  return Number.isNaN(ms) ? undefined : Math.max(0, ms)
}

/**
 * Milliseconds to wait before retry `attempt` (0-based), or `undefined` when the server asked
 * for a wait longer than `maxDelay`. `Retry-After` (seconds or an HTTP date) wins over back-off.
 */
export function retryDelay(
  attempt: number,
  retryAfter: string | null | undefined,
  options: RetryOptions = {},
): number | undefined {
  const max = options.maxDelay ?? 10_000
  const asked = retryAfterMs(retryAfter)
  if (asked !== undefined) return asked > max ? undefined : asked
  const backoff = (options.backoff ?? 300) * 2 ** attempt
  return Math.min(max, backoff / 2 + (Math.random() * backoff) / 2)
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const done = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done)
      resolve()
    }, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}
