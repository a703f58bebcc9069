import { act, renderHook, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox } from '../../platform/src/test-support/identity.js'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { describeError } from './errors.js'
import { useLogin, useRegister, useSendPasswordReset } from './member-actions.js'
import { useMember } from './members.js'
import { providers, shopperOf, startShop } from './test-support/shop.js'

/*
 * The member hooks that need no hidden frame (failures, e-mails, the visitor's state), in
 * happy-dom; the logins that complete run in Chromium (members.browser.test.ts).
 */

const PASSWORD = 'correct horse 1'
let platform: TestPlatform
let seq = 0
const email = (tag: string) => `react-dom-${tag}-${++seq}@example.com`

beforeAll(async () => {
  platform = await startShop()
})
afterAll(() => platform.close())

const render = () =>
  renderHook(
    () => ({
      member: useMember(),
      register: useRegister(),
      login: useLogin(),
      reset: useSendPasswordReset(),
    }),
    { wrapper: providers(shopperOf(platform)) },
  )

/** A new visitor's member hooks, once the session is confirmed. */
async function visitor() {
  const view = render()
  await waitFor(() => expect(view.result.current.member.status).toBe('visitor'))
  return view
}

describe('member hooks', () => {
  it('is loading until the session is confirmed, then a visitor', async () => {
    const { result } = render()
    expect(result.current.member).toEqual({ status: 'loading', loggedIn: false })
    await waitFor(() => expect(result.current.member.status).toBe('visitor'))
    expect(result.current.member).toEqual({ status: 'visitor', loggedIn: false })
  })

  it('refuses a second registration of an e-mail in words', async () => {
    const { result } = await visitor()
    const address = email('twice')
    const first = await act(() =>
      result.current.register.mutateAsync({ email: address, password: PASSWORD }),
    )
    expect(first.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    const second = await act(() =>
      result.current.register.mutateAsync({ email: address, password: PASSWORD }),
    )
    expect(second).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' })
    expect(describeError(second)).toBe(
      'An account with this e-mail already exists. Log in instead.',
    )
  })

  it('mails a password-reset link that leads back to the shop', async () => {
    const { result } = await visitor()
    const address = email('reset')
    await act(() => result.current.register.mutateAsync({ email: address, password: PASSWORD }))
    await act(() =>
      result.current.reset.mutateAsync({ email: address, redirectUrl: `${location.origin}/reset` }),
    )
    await waitFor(() => expect(result.current.reset.isSuccess).toBe(true))
    const mails = await readMailbox(platform.baseUrl, address)
    expect(mails.map((mail) => mail.kind)).toContain('RECOVERY_LINK')
  })

  it('asks for a robot check, then tells how long to wait, after too many wrong passwords', async () => {
    const { result } = await visitor()
    const address = email('limited')
    const messages: string[] = []
    for (let attempt = 0; attempt < 21; attempt++) {
      const last = await act(() =>
        result.current.login.mutateAsync({ email: address, password: 'wrong one' }),
      )
      expect(last).toMatchObject({ loginState: 'FAILURE' })
      messages.push(describeError(last))
    }
    // Five wrong passwords of an e-mail: a captcha is required; twenty failures of an address: 429.
    expect(messages[5]).toBe('Please confirm that you are not a robot.')
    expect(messages.at(-1)).toMatch(/^Too many attempts\. Try again in 1[45] minutes\.$/)
  })
})
