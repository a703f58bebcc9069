/**
 * A cookie-keeping `fetch` for tests of the hosted pages: no redirects followed, cookies of
 * `Set-Cookie` kept by name (and dropped on `Max-Age=0`) and sent back with every request.
 */
export class TestBrowser {
  readonly cookies = new Map<string, { value: string; attributes: string }>()

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size)
      headers.set(
        'cookie',
        [...this.cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; '),
      )
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      if (/max-age=0\b/i.test(line)) this.cookies.delete(name)
      else
        this.cookies.set(name, {
          value: pair.slice(index + 1).trim(),
          attributes: attributes.join(';'),
        })
    }
    return response
  }

  /** Posts `fields` as a form (`application/x-www-form-urlencoded`). */
  post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(url, { method: 'POST', body: new URLSearchParams(fields) })
  }
}

/** The value of hidden input `name` in `html` (the first one). */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`No hidden field ${name}`)
  return match[1]!.replace(/&amp;/g, '&')
}
