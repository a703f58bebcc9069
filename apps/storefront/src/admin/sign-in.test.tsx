// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import { renderAdmin, startDemoPlatform } from './admin-test-kit'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startDemoPlatform()
})
afterAll(() => platform.close())

it('refuses a wrong key in words, keeps the right one for this tab only, and forgets it on sign-out', async () => {
  const { user } = renderAdmin(platform, '/admin', { signedIn: false })
  const key = await screen.findByLabelText('Admin key')
  expect(document.activeElement).toBe(key)

  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  expect((await screen.findByRole('alert')).textContent).toBe('Enter the admin key.')

  await user.type(key, 'not-the-admin-key')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  expect((await screen.findByRole('alert')).textContent).toMatch(/admin key was not accepted/)
  expect(key.getAttribute('aria-invalid')).toBe('true')
  expect(document.activeElement).toBe(key)
  expect(sessionStorage.length).toBe(0)

  await user.clear(key)
  await user.type(key, platform.adminKey)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy()
  // The merchant's view: the demo catalog, 20 to a page.
  expect(await screen.findByRole('link', { name: 'Everyday Organic Tee' })).toBeTruthy()
  expect(screen.getByText(/^1–20 of \d+$/)).toBeTruthy()
  expect(Object.values(sessionStorage)).toEqual([platform.adminKey])
  expect(localStorage.length).toBe(0)

  await user.click(screen.getByRole('button', { name: 'Sign out' }))
  expect(await screen.findByLabelText('Admin key')).toBeTruthy()
  expect(sessionStorage.length).toBe(0)
})
