/* global document, location, sessionStorage, window, addEventListener, removeEventListener, fetch, setTimeout, clearTimeout, URL */
import { createClient, OAuthStrategy } from '@vitrine/client'

/*
 * The test storefront's page script (bundled with the client by storefront-page.ts): a storefront
 * as an app would write it with `@vitrine/client`, driven by the browser tests through
 * `window.shop`. Every method answers plain data (never throws), so a test sees the client's own
 * error message.
 */

const { baseUrl, clientId } = JSON.parse(document.getElementById('shop-config').textContent)
const auth = OAuthStrategy({ clientId })
createClient({ modules: {}, auth, baseUrl })

/** The OAuth data of the login in progress, kept across the trip to the hosted page. */
const PENDING = 'shop-oauth'
const redirectUri = `${location.origin}/callback`
const pending = () => JSON.parse(sessionStorage.getItem(PENDING) ?? 'null')
const failed = (error) => ({
  loggedIn: auth.loggedIn(),
  failure: error.message,
  error: error.error,
})
const signedIn = (tokens) => ({ loggedIn: auth.loggedIn(), tokens })

/** Every message this window received, with its origin. */
const messages = []
addEventListener('message', ({ origin, data }) => messages.push({ origin, data }))

/** Runs the hosted authorize page of `oauthData` in a hidden frame: its `{code, state}` or error. */
function frameAnswer(authUrl, oauthData) {
  const frame = document.createElement('iframe')
  const origin = new URL(authUrl).origin
  return new Promise((resolve) => {
    const done = (answer) => {
      clearTimeout(timer)
      removeEventListener('message', listener)
      frame.remove()
      resolve(answer)
    }
    const listener = ({ origin: from, source, data }) => {
      if (from === origin && source === frame.contentWindow && data?.state === oauthData.state)
        done(data)
    }
    const timer = setTimeout(() => done({ error: 'timeout' }), 10_000)
    addEventListener('message', listener)
    frame.style.display = 'none'
    frame.src = authUrl
    document.body.append(frame)
  })
}

window.shop = {
  /** Starts a hosted login: keeps the OAuth data, then goes to the hosted page. */
  async startLogin({ prompt = 'login', responseMode = 'query' } = {}) {
    const oauthData = await auth.generateOAuthData(redirectUri, location.href)
    sessionStorage.setItem(PENDING, JSON.stringify(oauthData))
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt, responseMode })
    setTimeout(() => location.assign(authUrl))
    return authUrl
  },

  /** Back on the redirect URI: reads the answer and exchanges the code. */
  async finishLogin(responseMode = 'query') {
    const { code, state, error } = auth.parseFromUrl(location.href, responseMode)
    if (error) return { loggedIn: auth.loggedIn(), error }
    try {
      return signedIn(await auth.getMemberTokens(code, state, pending()))
    } catch (failure) {
      return failed(failure)
    }
  },

  /** A login form on the storefront, then the silent frame with its session token. */
  async directLogin(email, password) {
    const login = await auth.login({ email, password })
    if (login.loginState !== 'SUCCESS') return { loggedIn: false, failure: login.loginState }
    try {
      return signedIn(await auth.getMemberTokensForDirectLogin(login.data.sessionToken))
    } catch (failure) {
      return failed(failure)
    }
  },

  /** `prompt=none` without a session token in a hidden frame: signs in from the platform cookie. */
  async silentFromCookie() {
    const oauthData = await auth.generateOAuthData(location.origin)
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'web_message',
    })
    const answer = await frameAnswer(authUrl, oauthData)
    if (answer.error) return { loggedIn: auth.loggedIn(), error: answer.error }
    try {
      return signedIn(await auth.getMemberTokens(answer.code, answer.state, oauthData))
    } catch (failure) {
      return failed(failure)
    }
  },

  /** Who the platform says the current access token is. */
  async whoami() {
    const response = await fetch(`${baseUrl}/_probe/whoami`, {
      headers: { authorization: auth.getTokens().accessToken.value },
    })
    return { status: response.status, body: await response.json() }
  },

  /** Logs out: clears the tokens, then goes to the hosted logout page, back to `path`. */
  async logout(path) {
    const { logoutUrl } = await auth.logout(`${location.origin}${path}`)
    setTimeout(() => location.assign(logoutUrl))
    return logoutUrl
  },

  /** Shows `url` in a visible frame; answers once it loaded (or failed to). */
  embed(url) {
    const frame = document.createElement('iframe')
    frame.src = url
    return new Promise((resolve) => {
      frame.addEventListener('load', () => resolve(undefined), { once: true })
      document.body.append(frame)
    })
  },

  pending,
  setPending: (oauthData) => sessionStorage.setItem(PENDING, JSON.stringify(oauthData)),
  messages: () => messages,
  frames: () => document.querySelectorAll('iframe').length,
}
