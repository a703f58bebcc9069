import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformMode } from '../../config.js'
import type { PlatformContext } from '../../context.js'
import { setCookie } from '../../http/cookies.js'
import { clearSessionCookie, setSessionCookie } from './session-cookie.js'

/* The attributes of the hosted pages' cookies, by the host the browser reached the platform on. */

/** A server that sets the cookies, in `mode`. */
function cookieServer(mode: PlatformMode) {
  const app = Fastify()
  void app.register(fastifyCookie)
  app.decorate('platform', { config: { mode } } as PlatformContext)
  app.get('/session', (request, reply) => {
    setSessionCookie(request, reply, 'value')
    return reply.send('ok')
  })
  app.get('/clear', (request, reply) => {
    clearSessionCookie(request, reply)
    return reply.send('ok')
  })
  app.get('/form', (request, reply) => {
    setCookie(request, reply, 'form', 'value', 60)
    return reply.send('ok')
  })
  return app
}

/** The `Set-Cookie` headers of `url`, asked for on `host`. */
const setCookies = async (app: ReturnType<typeof cookieServer>, url: string, host: string) =>
  [(await app.inject({ url, headers: { host } })).headers['set-cookie']].flat()

describe('hosted page cookies in development mode', () => {
  const app = cookieServer('development')
  beforeAll(() => app.ready())
  afterAll(() => app.close())

  const cookieOf = async (url: string, host: string) => setCookies(app, url, host)

  it.each(['127.0.0.1:4100', 'localhost:4100', '127.0.0.2', '[::1]:4100'])(
    'makes the session cookie cross-site (SameSite=None; Secure) on loopback host %s',
    async (host) => {
      expect(await cookieOf('/session', host)).toEqual([
        'vitrine_session=value; Max-Age=604800; Path=/_vitrine; HttpOnly; Secure; SameSite=None',
      ])
      expect(await cookieOf('/clear', host)).toEqual([
        'vitrine_session=; Max-Age=0; Path=/_vitrine; HttpOnly; Secure; SameSite=None',
      ])
    },
  )

  it.each(['shop.example:4100', '192.168.1.20', 'localhost.evil.example', '127.0.0.1.nip.io'])(
    'keeps it SameSite=Lax over plain http on %s, where browsers refuse SameSite=None',
    async (host) => {
      expect(await cookieOf('/session', host)).toEqual([
        'vitrine_session=value; Max-Age=604800; Path=/_vitrine; HttpOnly; SameSite=Lax',
      ])
    },
  )

  it('keeps other cookies (the CSRF secret) SameSite=Lax even on loopback', async () => {
    expect(await cookieOf('/form', '127.0.0.1:4100')).toEqual([
      'form=value; Max-Age=60; Path=/_vitrine; HttpOnly; SameSite=Lax',
    ])
  })
})

describe('hosted page cookies in production mode', () => {
  const app = cookieServer('production')
  beforeAll(() => app.ready())
  afterAll(() => app.close())

  it.each(['shop.example', '127.0.0.1:4100'])('marks every cookie Secure on %s', async (host) => {
    const cookies = async (url: string) => setCookies(app, url, host)
    expect(await cookies('/session')).toEqual([
      'vitrine_session=value; Max-Age=604800; Path=/_vitrine; HttpOnly; Secure; SameSite=None',
    ])
    expect(await cookies('/form')).toEqual([
      'form=value; Max-Age=60; Path=/_vitrine; HttpOnly; Secure; SameSite=Lax',
    ])
  })
})
