import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformMode } from '../../config.js'
import type { PlatformContext } from '../../context.js'
import { setCookie } from './cookies.js'
import { clearSessionCookie, setSessionCookie } from './platform-session.js'

/* The attributes of the hosted pages' cookies, by the host the browser reached the platform on. */

/** A server that sets the cookies, in `mode`. */
function cookieServer(mode: PlatformMode) {
  const app = Fastify()
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

describe('hosted page cookies in development mode', () => {
  const app = cookieServer('development')
  beforeAll(() => app.ready())
  afterAll(() => app.close())

  const cookieOf = async (url: string, host: string) =>
    (await app.inject({ url, headers: { host } })).headers['set-cookie']

  it.each(['127.0.0.1:4100', 'localhost:4100', '127.0.0.2', '[::1]:4100'])(
    'makes the session cookie cross-site (SameSite=None; Secure) on loopback host %s',
    async (host) => {
      expect(await cookieOf('/session', host)).toEqual([
        'vitrine_session=value; Path=/_vitrine; Max-Age=604800; HttpOnly; SameSite=None; Secure',
      ])
      expect(await cookieOf('/clear', host)).toEqual([
        'vitrine_session=; Path=/_vitrine; Max-Age=0; HttpOnly; SameSite=None; Secure',
      ])
    },
  )

  it.each(['shop.example:4100', '192.168.1.20', 'localhost.evil.example', '127.0.0.1.nip.io'])(
    'keeps it SameSite=Lax over plain http on %s, where browsers refuse SameSite=None',
    async (host) => {
      expect(await cookieOf('/session', host)).toEqual([
        'vitrine_session=value; Path=/_vitrine; Max-Age=604800; HttpOnly; SameSite=Lax',
      ])
    },
  )

  it('keeps other cookies (the CSRF secret) SameSite=Lax even on loopback', async () => {
    expect(await cookieOf('/form', '127.0.0.1:4100')).toEqual([
      'form=value; Path=/_vitrine; Max-Age=60; HttpOnly; SameSite=Lax',
    ])
  })
})

describe('hosted page cookies in production mode', () => {
  const app = cookieServer('production')
  beforeAll(() => app.ready())
  afterAll(() => app.close())

  it.each(['shop.example', '127.0.0.1:4100'])('marks every cookie Secure on %s', async (host) => {
    const cookies = async (url: string) =>
      (await app.inject({ url, headers: { host } })).headers['set-cookie']
    expect(await cookies('/session')).toEqual([
      'vitrine_session=value; Path=/_vitrine; Max-Age=604800; HttpOnly; SameSite=None; Secure',
    ])
    expect(await cookies('/form')).toEqual([
      'form=value; Path=/_vitrine; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    ])
  })
})
