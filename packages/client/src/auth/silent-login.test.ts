import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { OAuthStrategy } from './oauth-strategy.js'
import { SILENT_LOGIN_TIMEOUT } from './silent-login.js'

const HOSTED = 'https://users.test'
const AUTH_URL = `${HOSTED}/oauth2/authorize?id=rs1`
const REDIRECT = '/_api/redirects-api/v1/redirect-session'

interface FakeFrame {
  tagName: string
  src: string
  style: { display?: string }
  contentWindow: object | null
  connected: boolean
  remove(): void
}

/** Just enough of `window` and `document` for a silent login: listeners and one iframe. */
function fakeBrowser() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const frameWindow = { name: 'the frame' }
  let appended!: (frame: FakeFrame) => void
  const frameAppended = new Promise<FakeFrame>((resolve) => (appended = resolve))
  vi.stubGlobal('location', { origin: 'https://shop.test', href: 'https://shop.test/login' })
  vi.stubGlobal('addEventListener', (type: string, listener: (event: MessageEvent) => void) => {
    if (type === 'message') listeners.add(listener)
  })
  vi.stubGlobal('removeEventListener', (type: string, listener: (event: MessageEvent) => void) => {
    if (type === 'message') listeners.delete(listener)
  })
  vi.stubGlobal('document', {
    createElement: (tagName: string): FakeFrame => ({
      tagName,
      src: '',
      style: {},
      contentWindow: null,
      connected: false,
      remove() {
        this.connected = false
        this.contentWindow = null
      },
    }),
    body: {
      appendChild(frame: FakeFrame) {
        frame.connected = true
        frame.contentWindow = frameWindow
        appended(frame)
        return frame
      },
    },
  })
  return {
    listeners,
    frameWindow,
    frameAppended,
    /** A `message` event as the browser delivers it. */
    post(data: unknown, origin = HOSTED, source: object | null = frameWindow) {
      const event = Object.assign(new Event('message'), { data, origin, source }) as MessageEvent
      for (const listener of [...listeners]) listener(event)
    },
  }
}

function setup() {
  const fetch = spyFetch((request) =>
    request.path === REDIRECT
      ? {
          body: {
            redirectSession: { id: 'rs1', fullUrl: AUTH_URL, urlDetails: { endpoint: HOSTED } },
          },
        }
      : { body: { access_token: 'at', expires_in: 3600, refresh_token: 'rt' } },
  )
  const auth = OAuthStrategy({ clientId: 'cid' })
  createClient({ modules: {}, auth, fetch, baseUrl: 'https://api.test' })
  const authRequest = () =>
    (fetch.requests.find((request) => request.path === REDIRECT)?.body as any)?.auth?.authRequest
  const tokenCalls = () => fetch.requests.filter((request) => request.path === '/oauth2/token')
  return { auth, fetch, authRequest, tokenCalls }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('silent login (getMemberTokensForDirectLogin)', () => {
  it('creates the web_message / prompt none session, loads it hidden and accepts the frame’s answer', async () => {
    const browser = fakeBrowser()
    const { auth, fetch, authRequest, tokenCalls } = setup()
    const pending = auth.getMemberTokensForDirectLogin('session-token')
    const frame = await browser.frameAppended
    expect(frame).toMatchObject({ tagName: 'iframe', src: AUTH_URL, style: { display: 'none' } })
    const request = authRequest()
    expect(fetch.requests.find((r) => r.path === REDIRECT)?.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'https://shop.test',
          clientId: 'cid',
          codeChallenge: request.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'web_message',
          responseType: 'code',
          scope: 'offline_access',
          state: request.state,
          sessionToken: 'session-token',
        },
        prompt: 'none',
      },
    })

    browser.post({ code: 'the-code', state: request.state })
    const tokens = await pending

    expect(tokens.refreshToken).toEqual({ value: 'rt', role: 'member' })
    expect(auth.getTokens()).toEqual(tokens)
    expect(auth.loggedIn()).toBe(true)
    const exchange = tokenCalls().at(-1)?.body as Record<string, string>
    expect(exchange).toMatchObject({
      grantType: 'authorization_code',
      code: 'the-code',
      redirectUri: 'https://shop.test',
    })
    expect(createHash('sha256').update(exchange.codeVerifier!).digest('base64url')).toBe(
      request.codeChallenge,
    )
    expect(frame.connected).toBe(false)
    expect(browser.listeners.size).toBe(0)
  })

  it('ignores a message from a foreign origin, then times out after 120000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const browser = fakeBrowser()
    const { auth, authRequest, tokenCalls } = setup()
    const outcome = auth.getMemberTokensForDirectLogin('st').then(
      () => 'resolved',
      (error: Error) => error.message,
    )
    const frame = await browser.frameAppended
    const before = tokenCalls().length

    browser.post({ code: 'evil', state: authRequest().state }, 'https://evil.test')

    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT - 1)
    expect(browser.listeners.size).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('OAuth flow timed out')
    expect(tokenCalls()).toHaveLength(before)
    expect(frame.connected).toBe(false)
    expect(browser.listeners.size).toBe(0)
  })

  it('ignores messages from another window, without a source, with another state or not an object', async () => {
    const browser = fakeBrowser()
    const { auth, authRequest, tokenCalls } = setup()
    const pending = auth.getMemberTokensForDirectLogin('st')
    await browser.frameAppended
    const { state } = authRequest()
    browser.post({ code: 'evil', state }, HOSTED, { name: 'another window' })
    browser.post({ code: 'evil', state }, HOSTED, null)
    browser.post({ code: 'evil', state: 'other-state' })
    browser.post('a string message')
    browser.post({ code: 'good', state })
    await pending
    expect(tokenCalls().map((call) => (call.body as { code?: string }).code)).toContain('good')
    expect(tokenCalls().map((call) => (call.body as { code?: string }).code)).not.toContain('evil')
  })

  it('the timeout is 120000 ms', () => {
    expect(SILENT_LOGIN_TIMEOUT).toBe(120000)
  })

  it('an error message from the frame → Failed to get member tokens, with the error kept', async () => {
    const browser = fakeBrowser()
    const { auth, authRequest, tokenCalls } = setup()
    const pending = auth.getMemberTokensForDirectLogin('st')
    const frame = await browser.frameAppended
    const before = tokenCalls().length
    browser.post({
      error: 'login_required',
      error_description: 'No session',
      state: authRequest().state,
    })
    const error = (await pending.catch((e: unknown) => e)) as Error & Record<string, unknown>
    expect(error.message).toBe('Failed to get member tokens')
    expect(error).toMatchObject({ error: 'login_required', errorDescription: 'No session' })
    expect(error.cause).toMatchObject({ error: 'login_required' })
    expect(tokenCalls()).toHaveLength(before)
    expect(auth.loggedIn()).toBe(false)
    expect(frame.connected).toBe(false)
    expect(browser.listeners.size).toBe(0)
  })

  it('a failed code exchange after the message → Failed to get member tokens, frame removed', async () => {
    const browser = fakeBrowser()
    const fetch = spyFetch((request) =>
      request.path === REDIRECT
        ? { body: { redirectSession: { fullUrl: AUTH_URL, urlDetails: { endpoint: HOSTED } } } }
        : (request.body as { grantType: string }).grantType === 'authorization_code'
          ? { status: 400, body: { message: 'invalid_grant' } }
          : { body: { access_token: 'v', expires_in: 3600, refresh_token: 'vr' } },
    )
    const auth = OAuthStrategy({ clientId: 'cid' })
    createClient({ modules: {}, auth, fetch, baseUrl: 'https://api.test' })
    const pending = auth.getMemberTokensForDirectLogin('st')
    const frame = await browser.frameAppended
    const state = (fetch.requests.find((r) => r.path === REDIRECT)?.body as any).auth.authRequest
      .state
    browser.post({ code: 'c', state })
    await expect(pending).rejects.toThrow('Failed to get member tokens')
    expect(frame.connected).toBe(false)
    expect(browser.listeners.size).toBe(0)
  })

  it('outside a browser it rejects before any call', async () => {
    const { auth, fetch } = setup()
    await expect(auth.getMemberTokensForDirectLogin('st')).rejects.toThrow(/browser/)
    expect(fetch.requests).toHaveLength(0)
  })
})
