// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { memoryTokenStorage } from '@vitrine/client'
import { createVitrineClient, VitrineProvider } from '@vitrine/react'
import { createRoutesStub } from 'react-router'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import {
  startPlatform,
  type TestPlatform,
} from '../../../../packages/platform/src/test-support/platform'
import RegisterPage from './register-page'

/*
 * The register form on a site that requires a captcha (which the shop's own forms cannot ask):
 * the platform refuses the registration, and the page offers the hosted sign-up instead.
 */

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(() => cleanup())

let platform: TestPlatform
beforeAll(async () => {
  platform = await startPlatform('sqlite', { allowedOrigins: [location.origin], workers: false })
  const settings = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
    method: 'PATCH',
    headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ captchaRequired: true }),
  })
  expect(settings.status).toBe(200)
})
afterAll(() => platform.close())

it('offers the hosted sign-up when the platform wants a captcha for registering', async () => {
  const client = createVitrineClient({
    clientId: 'demo-storefront',
    baseUrl: platform.baseUrl,
    storage: memoryTokenStorage(),
  })
  const Stub = createRoutesStub([{ path: '/register', Component: RegisterPage }])
  render(
    <VitrineProvider client={client}>
      <Stub initialEntries={['/register']} />
    </VitrineProvider>,
  )
  const user = userEvent.setup()
  expect(screen.queryByRole('button', { name: 'Continue with hosted sign-up' })).toBeNull()
  await user.type(await screen.findByLabelText('E-mail'), 'captcha-reg@example.com')
  await user.type(screen.getByLabelText('Password'), 'linen-and-wool-42')
  await user.click(screen.getByRole('button', { name: 'Create account' }))
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /needs a check that you are a person.*hosted sign-up below/,
  )
  const hosted = screen.getByRole('button', { name: 'Continue with hosted sign-up' })
  expect(hosted.className).toContain('button--primary')
})
