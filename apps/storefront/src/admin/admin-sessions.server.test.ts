import { afterEach, describe, expect, it, vi } from 'vitest'

const OLD = 'an-old-secret-of-the-shop-0123456789'
const NEW = 'a-new-secret-of-the-shop-9876543210'

/** The sessions module of a shop instance started with `secrets`. */
async function instance(secrets: string) {
  vi.resetModules()
  vi.stubEnv('STOREFRONT_SESSION_SECRETS', secrets)
  return import('./admin-sessions.server')
}

/** The console's request with the session's cookie (of `setCookie`) and `token`. */
const consoleRequest = (setCookie: string, token?: string) =>
  new Request('http://127.0.0.1:4173/admin/api/stores/v1/products/query', {
    headers: { cookie: setCookie.split(';')[0]!, ...(token && { authorization: token }) },
  })

afterEach(() => {
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

describe("the console's sealed session", () => {
  it('is opened by another instance with the same secret, and by a restarted one', async () => {
    const { token, setCookie } = (await instance(OLD)).openSession('admin-key-1')
    expect(setCookie).not.toContain('admin-key-1')
    const other = await instance(OLD)
    expect(other.authorizedSession(consoleRequest(setCookie, token))).toMatchObject({
      adminKey: 'admin-key-1',
    })
  })

  it('outlives a rotation (new secret first, the old one still listed), not its removal', async () => {
    const { token, setCookie } = (await instance(OLD)).openSession('admin-key-2')
    const rotated = await instance(`${NEW}, ${OLD}`)
    expect(rotated.authorizedSession(consoleRequest(setCookie, token))?.adminKey).toBe(
      'admin-key-2',
    )
    const fresh = rotated.openSession('admin-key-3')
    expect((await instance(NEW)).sessionOf(consoleRequest(fresh.setCookie))?.adminKey).toBe(
      'admin-key-3',
    )
    expect((await instance(NEW)).sessionOf(consoleRequest(setCookie))).toBeUndefined()
  })

  it('wants the token too, and refuses a cookie changed by one character', async () => {
    const sessions = await instance(OLD)
    const { token, setCookie } = sessions.openSession('admin-key-4')
    expect(sessions.authorizedSession(consoleRequest(setCookie))).toBeUndefined()
    expect(sessions.authorizedSession(consoleRequest(setCookie, `${token}x`))).toBeUndefined()
    const value = setCookie.split(';')[0]!
    const at = value.length - 10
    const changed = value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1)
    expect(sessions.sessionOf(consoleRequest(changed))).toBeUndefined()
    expect(sessions.sessionOf(consoleRequest('vitrine-admin=not-a-session'))).toBeUndefined()
  })

  it('ends after eight hours', async () => {
    const sessions = await instance(OLD)
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const { token, setCookie } = sessions.openSession('admin-key-5')
    vi.setSystemTime(Date.now() + 8 * 3600 * 1000 - 1000)
    expect(sessions.authorizedSession(consoleRequest(setCookie, token))).toBeDefined()
    vi.setSystemTime(Date.now() + 2000)
    expect(sessions.authorizedSession(consoleRequest(setCookie, token))).toBeUndefined()
  })
})
