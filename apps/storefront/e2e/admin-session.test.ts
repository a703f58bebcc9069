import { describe, expect, it } from 'vitest'
import { signIntoConsole } from './shopper-http'
import { stack } from './support'

const shop = () => stack().shopUrl
const QUERY = '/admin/api/stores-reader/v1/products/query-platformized'

/** Signs the console in as its page does, from `origin` (the shop's own by default). */
const signIn = (adminKey: string, origin = shop()) => signIntoConsole(adminKey, { origin })

/** The console's call to the platform's product query through the shop. */
const query = (headers: Record<string, string>, path = QUERY) =>
  fetch(`${shop()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query: { paging: { limit: 1 } } }),
  })

describe("the merchant console's session", () => {
  it('keeps the admin key on the server: an httpOnly cookie and a token, which calls need both', async () => {
    const answer = await signIn(stack().adminKey)
    expect(answer.status).toBe(200)
    const body = await answer.text()
    expect(body).not.toContain(stack().adminKey)
    const { token } = JSON.parse(body) as { token: string }
    const setCookie = answer.headers.get('set-cookie')!
    expect(setCookie).toMatch(
      /^vitrine-admin=[\w-]+; Path=\/admin; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    )
    expect(setCookie).not.toContain(stack().adminKey)
    const cookie = setCookie.split(';')[0]!

    // The call needs the session's cookie and its token: a page of another site has the cookie
    // sent along at most, never the token.
    const both = await query({ Cookie: cookie, Authorization: token })
    expect(both.status).toBe(200)
    expect(((await both.json()) as { products: unknown[] }).products).toHaveLength(1)
    expect(both.headers.get('cache-control')).toBe('no-store')
    expect((await query({ Cookie: cookie })).status).toBe(401)
    expect((await query({ Authorization: token })).status).toBe(401)
    expect((await query({ Cookie: cookie, Authorization: stack().adminKey })).status).toBe(401)
    // Only the catalog's APIs go through, however the path is written.
    for (const path of [
      '/admin/api/oauth2/token',
      '/admin/api/stores/v1/%2e%2e/%2e%2e/_vitrine/mailbox',
      '/admin/api/stores/v1/%252e%252e/%252e%252e/_vitrine/mailbox',
      '/admin/api/stores/v1/%2E%2e/%2e%2E/oauth2/token',
      '/admin/api/stores/v1/..%2f..%2foauth2/token',
      '/admin/api/stores/v1/..%5c..%5coauth2/token',
      '/admin/api/stores/v1/%c0%ae%c0%ae/%c0%ae%c0%ae/oauth2/token',
    ]) {
      const other = await query({ Cookie: cookie, Authorization: token }, path)
      // Not UTF-8 once decoded (`%c0%ae`): React Router refuses the URL itself (400).
      if (other.status === 400) expect(path, path).toMatch(/%c0/)
      else {
        expect(other.status, path).toBe(404)
        expect(await other.json(), path).toEqual({ message: 'Not an API of the console.' })
      }
    }

    // Signing out drops the session's cookie from the browser. (The session lives in that sealed
    // cookie, so that any instance of the shop serves it: rotating STOREFRONT_SESSION_SECRETS ends
    // every session at once.)
    const out = await fetch(`${shop()}/admin/session`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Authorization: token },
    })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^vitrine-admin=; Path=\/admin; Max-Age=0/)
  })

  it('refuses a wrong key, an empty or oversized one, and a sign-in from another site', async () => {
    const wrong = await signIn('not-the-admin-key')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('set-cookie')).toBeNull()
    expect(((await wrong.json()) as { error: string }).error).toMatch(/not accepted/)
    expect((await signIn('')).status).toBe(400)
    expect((await signIn('k'.repeat(600))).status).toBe(400)
    expect((await signIn('x'.repeat(20_000))).status).toBe(413)
    const foreign = await signIn(stack().adminKey, 'https://evil.example')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('set-cookie')).toBeNull()
  })
})
