/*
 * Runs in Chromium (bundled by `browser-shop.ts`): renders the member and cart hooks with
 * Testing Library in a real page of the shop's origin, and lets the test drive them through
 * `window.scenarios`. Each scenario returns plain data for the test to check.
 */
import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react'
import { isApiError } from '@vitrine/client'
import type { ReactNode } from 'react'
import { readMailbox } from '../../../platform/src/test-support/identity.js'
import { useAddToCart } from '../cart-mutations.js'
import { useCart } from '../cart.js'
import { createVitrineClient, type VitrineClient } from '../clients.js'
import { describeError } from '../errors.js'
import {
  useHostedLogin,
  useLogin,
  useLogout,
  useRegister,
  useVerifyEmail,
} from '../member-actions.js'
import { useMember } from '../members.js'
import { useIsOffline } from '../network.js'
import { VitrineProvider } from '../provider.js'

const useShop = () => ({
  member: useMember(),
  cart: useCart(),
  add: useAddToCart(),
  register: useRegister(),
  verify: useVerifyEmail(),
  login: useLogin(),
  logout: useLogout(),
  hosted: useHostedLogin(),
  offline: useIsOffline(),
})

let view: RenderHookResult<ReturnType<typeof useShop>, unknown>
let baseUrl = ''
let client: VitrineClient
let call: Promise<string> | undefined
const current = () => view.result.current
const settle = { timeout: 15_000 }

/** What the test reads back: who is logged in, and the cart's products and quantities. */
const snapshot = () => ({
  member: current().member,
  cart:
    current().cart.data?.lineItems.map((line) => ({
      productId: line.catalogReference?.catalogItemId,
      quantity: line.quantity,
    })) ?? null,
})

/** Waits until the cart query has settled with the server's answer. */
const cartSettled = () =>
  waitFor(() => {
    const { cart } = current()
    if (!cart.isSuccess || cart.isFetching)
      throw new Error(`cart ${cart.status}: ${cart.error ? describeError(cart.error) : 'loading'}`)
  }, settle)

/** What a failed call rejected with, as plain data. */
const failureOf = (error: unknown) =>
  isApiError(error)
    ? { code: error.code, kind: error.kind, status: error.status, words: describeError(error) }
    : { words: describeError(error) }

/** Scenarios of the session's tokens and of network trouble. */
const sessions = {
  tokens: () => client.auth.getTokens(),

  /** The access token expires (as after a long pause); the shared storage tells every tab. */
  expireTokens() {
    const { accessToken, refreshToken } = client.auth.getTokens()
    client.auth.setTokens({ accessToken: { ...accessToken, expiresAt: 0 }, refreshToken })
  },

  /** Whether the access token is past its renewal time (10 s before expiry). */
  tokenDue: () => client.auth.getTokens().accessToken.expiresAt - 10 <= Date.now() / 1000,

  /** Starts a catalog call and returns at once; `finishCall` waits for it. */
  startCall() {
    call = client.products
      .queryProducts()
      .limit(1)
      .find()
      .then(
        () => client.auth.getTokens().accessToken.value,
        (error: unknown) => `failed: ${describeError(error)}`,
      )
  },

  /** The access token after the started call, or why it failed. */
  finishCall: () => call!,

  /** Reads the cart outside the hooks: null, or what the call failed with. */
  async readCart() {
    try {
      await client.currentCart.getCurrentCart()
      return null
    } catch (error) {
      return failureOf(error)
    }
  },

  /** Adds to the cart through the hook and returns at once. */
  startAdd(productId: string, quantity: number) {
    current().add.mutate({ productId, quantity })
  },

  /** The offline state and the last addition's. */
  network: () => ({
    offline: current().offline,
    adding: { status: current().add.status, paused: current().add.isPaused },
    ...snapshot(),
  }),
}

const scenarios = {
  ...sessions,

  /** Mounts the shop's hooks with the default (browser, cross-tab) token storage. */
  async open(platformUrl: string) {
    baseUrl = platformUrl
    client = createVitrineClient({ clientId: 'demo-storefront', baseUrl })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <VitrineProvider client={client}>{children}</VitrineProvider>
    )
    view = renderHook(useShop, { wrapper })
    await waitFor(() => {
      if (current().member.status === 'loading') throw new Error('member loading')
    }, settle)
    await cartSettled()
    return snapshot()
  },

  snapshot,

  async addToCart(productId: string, quantity: number) {
    await act(() => current().add.mutateAsync({ productId, quantity }))
    await cartSettled()
    return snapshot()
  },

  async register(email: string, password: string) {
    const result = await act(() =>
      current().register.mutateAsync({ email, password, profile: { firstName: 'Ada' } }),
    )
    return { result, ...snapshot() }
  },

  /** Enters the code the dev mailbox holds for `email`; `wrong` enters another one first. */
  async verify(email: string, options: { wrong?: boolean } = {}) {
    const [mail] = await readMailbox(baseUrl, email)
    let refused: string | undefined
    if (options.wrong) {
      const wrong = await act(() => current().verify.mutateAsync({ code: '000000' }))
      refused = describeError(wrong)
    }
    const result = await act(() => current().verify.mutateAsync({ code: mail!.code! }))
    await waitFor(() => {
      if (current().member.member?.email !== email) throw new Error('member not shown yet')
    }, settle)
    await cartSettled()
    return { result, refused, ...snapshot() }
  },

  async login(email: string, password: string) {
    const result = await act(() => current().login.mutateAsync({ email, password }))
    const message = result.loginState === 'FAILURE' ? describeError(result) : undefined
    if (result.loginState === 'SUCCESS')
      await waitFor(() => {
        if (current().member.status !== 'member') throw new Error('member not shown yet')
      }, settle)
    await cartSettled()
    return { result, message, ...snapshot() }
  },

  async logout(postFlowUrl: string) {
    const { logoutUrl } = await act(() => current().logout.mutateAsync({ postFlowUrl }))
    await waitFor(() => {
      if (current().member.status !== 'visitor') throw new Error('still a member')
    }, settle)
    await cartSettled()
    return { logoutUrl, ...snapshot() }
  },

  /** Starts a hosted login; the page navigates to the hosted login form. */
  hostedStart: (redirectUri: string) => current().hosted.start({ redirectUri }),

  async hostedComplete() {
    const { originalUri } = await act(() => current().hosted.complete())
    await waitFor(() => {
      if (current().member.status !== 'member') throw new Error('member not shown yet')
    }, settle)
    return { originalUri, ...snapshot() }
  },
}

export type Scenarios = typeof scenarios
;(window as unknown as { scenarios: Scenarios }).scenarios = scenarios
