import { request } from 'node:http'

/**
 * `fetch` from another client address: the request leaves from `localAddress` (e.g. `127.0.0.2`;
 * every `127.x.y.z` is this machine), so the platform sees another caller than `127.0.0.1`.
 * Plain http only; the body is a string (or none); `timeout`: the longest wait for an answer (ms).
 *
 * @example
 * const response = await fetchFrom('127.0.0.2', `${baseUrl}/oauth2/token`, { method: 'POST', … })
 */
export function fetchFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeout?: number } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress, timeout: init.timeout },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const headers = new Headers()
          for (const [name, value] of Object.entries(response.headers))
            for (const item of [value ?? []].flat()) headers.append(name, item)
          const body = chunks.length ? Buffer.concat(chunks) : null
          resolve(new Response(body, { status: response.statusCode, headers }))
        })
      },
    )
    sent.on('timeout', () => sent.destroy(new Error(`No answer within ${init.timeout} ms`)))
    sent.on('error', reject)
    sent.end(init.body)
  })
}
