/*
 * Runs in Chromium (bundled by `browser-shop.ts`): renders the member and cart hooks with
 * Testing Library in a real page of the shop's origin, and lets the test drive them through
 * `window.scenarios`. Each scenario returns plain data for the test to check.
 */
import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { readMailbox } from '../../../platform/src/test-support/identity.js'
import { useAddToCart } from '../cart-mutations.js'
import { useCart } from '../cart.js'
import { createVitrineClient } from '../clients.js'
import { describeError } from '../errors.js'
import {
  useHostedLogin,
  useLogin,
  useLogout,
  useRegister,
  useVerifyEmail,
} from '../member-actions.js'
import { useMember } from '../members.js'
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
})

let view: RenderHookResult<ReturnType<typeof useShop>, unknown>
let baseUrl = ''
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

const scenarios = {
  /** Mounts the shop's hooks with the default (browser, cross-tab) token storage. */
  async open(platformUrl: string) {
    baseUrl = platformUrl
    const client = createVitrineClient({ clientId: 'demo-storefront', baseUrl })
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
