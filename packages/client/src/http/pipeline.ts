import type { AuthStrategy } from '../auth/strategy.js'
import { applyCodecs, stringifyBody } from '../codec/wire.js'
import { get } from '../codec/paths.js'
import { errorFromResponse, systemError } from '../errors/from-response.js'
import type { Endpoint } from './endpoint.js'
import { assertWireNames } from './official-names.js'
import { toQueryString } from './query-string.js'
import { retryDelay, sleep, type RetryOptions } from './retry.js'

/** The provider's API host. */
export const PROVIDER_URL = 'https://www.wixapis.com'

/** The longest query string a GET may carry before it is re-sent as a POST. */
export const MAX_QUERY_LENGTH = 4000

/** Options of one call: the last argument of every module function. */
export interface CallOptions {
  /** Cancels the call (and any retry wait). */
  signal?: AbortSignal
  /** Milliseconds for the whole call, retries included; rejects with a `TimeoutError`. */
  timeout?: number
  /** Extra headers for this call only. */
  headers?: Record<string, string>
}

/** Options of {@link Http.call}: a call's options, and `auth: false` for the token calls. */
export interface PipelineCallOptions extends CallOptions {
  /** `false`: send no auth headers (token calls). */
  auth?: false
}

/** Options shared by every call of one client. */
export interface HttpOptions {
  /** The API host. Default: the provider (`https://www.wixapis.com`). */
  baseUrl?: string
  /** The `fetch` to use: the one seam for tests, SSR and custom transports. */
  fetch?: typeof fetch
  /** Headers added to every call. */
  headers?: Record<string, string>
  auth?: AuthStrategy
  retry?: RetryOptions
}

/** The one request pipeline every module function goes through. */
export interface Http {
  readonly baseUrl: string
  readonly auth?: AuthStrategy
  /** Sends `payload` as `endpoint` describes and resolves with the decoded 200 response. */
  call<T = unknown>(endpoint: Endpoint, payload?: object, options?: PipelineCallOptions): Promise<T>
  /** Adds or replaces headers sent on every later call. */
  setHeaders(headers: Record<string, string>): void
}

const fillPath = (path: string, payload: object | undefined) =>
  path.replace(/\{([\w.]+)\}/g, (_, key: string) =>
    encodeURIComponent(String(get(payload, key) ?? '')),
  )

/** Creates the request pipeline of one client. */
export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = (options.baseUrl ?? PROVIDER_URL).replace(/\/+$/, '')
  const headers: Record<string, string> = { ...options.headers }
  const http: Http = {
    baseUrl,
    auth: options.auth,
    setHeaders: (more) => void Object.assign(headers, more),
    async call(endpoint, payload, callOptions = {}) {
      const doFetch = options.fetch ?? globalThis.fetch
      assertWireNames(payload)
      const body = applyCodecs(payload, endpoint.request)
      let method: string = endpoint.method
      let url = baseUrl + fillPath(endpoint.path, body)
      let json: string | undefined
      if (method === 'GET' || method === 'DELETE') {
        const query = body ? toQueryString(body, endpoint.encodedQuery) : ''
        if (endpoint.encodedQuery && query.length > MAX_QUERY_LENGTH) {
          method = 'POST'
          json = stringifyBody(body ?? {})
        } else if (query) url += '?' + query
      } else json = stringifyBody(body ?? {})

      const auth = callOptions.auth === false ? undefined : options.auth
      const init: RequestInit = { method, body: json }
      // Only when asked for: handing fetch a signal has a real per-call cost in some runtimes.
      const signals = [
        callOptions.signal,
        callOptions.timeout ? AbortSignal.timeout(callOptions.timeout) : undefined,
      ].filter((s): s is AbortSignal => !!s)
      const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0]
      if (signal) init.signal = signal
      // Only reads are retried: a lost answer to a write may hide a write that happened.
      const retries =
        endpoint.method === 'GET' || endpoint.idempotent ? (options.retry?.limit ?? 2) : 0

      for (let attempt = 0, resent = false; ; attempt++) {
        // The auth headers are asked for at each send: after a wait or a refusal they may be new.
        const sent: Record<string, string> = {
          ...headers,
          ...(await auth?.getAuthHeaders())?.headers,
          ...(json === undefined ? undefined : { 'Content-Type': 'application/json' }),
          ...callOptions.headers,
        }
        init.headers = sent
        let response: Response
        try {
          signal?.throwIfAborted()
          response = await doFetch(url, init)
        } catch (error) {
          if (signal?.aborted) throw signal.reason
          if (attempt < retries) {
            await sleep(retryDelay(attempt, undefined, options.retry) ?? 0, signal)
            continue
          }
          throw systemError(0, undefined, undefined, error)
        }
        const sticky = response.headers.get('x-wix-consistent')
        if (sticky) headers['X-Wix-Consistent'] = sticky
        if (response.status === 200) {
          const data: unknown = await response.json().catch((error: unknown) => {
            throw systemError(
              200,
              response.headers.get('x-wix-request-id') ?? undefined,
              undefined,
              error,
            )
          })
          return applyCodecs(data as never, endpoint.response, true)
        }
        if (attempt < retries && (response.status === 429 || response.status === 503)) {
          const wait = retryDelay(attempt, response.headers.get('retry-after'), options.retry)
          if (wait !== undefined) {
            await response.body?.cancel()
            await sleep(wait, signal)
            continue
          }
        }
        const error = await errorFromResponse(response)
        // A 401 that refuses the credentials (not the call: a wrong password is an application
        // error) comes before anything is done, so sending the call again, a write too, is safe:
        // once (a second 401 is thrown), when the strategy, told which headers were refused, says
        // fresh ones may help. It counts as an attempt: a read has a retry fewer.
        if (
          response.status === 401 &&
          !resent &&
          error.kind !== 'application' &&
          auth?.refused?.(sent)
        ) {
          resent = true
          continue
        }
        throw error
      }
    },
  }
  return http
}
