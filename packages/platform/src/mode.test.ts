import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { startPlatform, testDatabaseUrl, type TestPlatform } from './test-support/platform.js'

/*
 * Development and production modes: what only a developer's machine may have (the dev mailbox,
 * dev captcha tokens), the admin key production accepts, and its cookies.
 */

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const DEV_ROUTES = [
  ['GET', '/_vitrine/mailbox'],
  ['GET', '/_dev/mailbox?to=a@example.com'],
  ['POST', '/_vitrine/dev/captcha-token'],
] as const

describe('platform modes', () => {
  let production: TestPlatform
  let development: TestPlatform
  const status = (platform: TestPlatform, method: string, path: string) =>
    fetch(platform.baseUrl + path, { method })

  beforeAll(async () => {
    production = await startPlatform('sqlite', { mode: 'production' })
    development = await startPlatform('sqlite', { mode: 'development' })
  })
  afterAll(async () => {
    await production.close()
    await development.close()
  })

  it('has the dev mailbox and dev captcha tokens in development mode only', async () => {
    for (const [method, path] of DEV_ROUTES) {
      expect([path, (await status(development, method, path)).status]).toEqual([path, 200])
      const response = await status(production, method, path)
      expect([path, response.status]).toEqual([path, 404])
      expect(await response.json()).toMatchObject({ message: expect.any(String), details: {} })
    }
  })

  it('marks every cookie Secure in production mode, also over http', async () => {
    const cookie = async (platform: TestPlatform) =>
      (await fetch(`${platform.baseUrl}/_vitrine/recovery`)).headers.get('set-cookie')
    expect(await cookie(production)).toMatch(
      /^vitrine_csrf=[^;]+;.*; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(await cookie(development)).not.toMatch(/Secure/)
  })

  it('refuses to start in production mode with an admin key shorter than 32 characters', async () => {
    const database = await testDatabaseUrl('sqlite')
    try {
      const start = (adminKey: string, mode?: 'development') =>
        buildApp({ databaseUrl: database.url, seed: 'none', adminKey, mode })
      await expect(start('x'.repeat(31))).rejects.toThrow(
        'VITRINE_ADMIN_KEY must be at least 32 characters in production mode',
      )
      await (await start('x'.repeat(32))).close()
      await (await start('short', 'development')).close()
    } finally {
      await database.cleanup()
    }
  })

  it('says so and exits when the CLI is started that way', async () => {
    expect(existsSync(CLI), 'the platform must be built (npm run build) for this test').toBe(true)
    const database = await testDatabaseUrl('sqlite')
    const child = spawn(process.execPath, [CLI], {
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: database.url,
        VITRINE_SEED: 'none',
        VITRINE_MODE: '',
        NODE_ENV: 'production',
        VITRINE_ADMIN_KEY: 'admin',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    await database.cleanup()
    expect(code).toBe(1)
    expect(output.trim()).toBe(
      'vitrine-platform: VITRINE_ADMIN_KEY must be at least 32 characters in production mode ' +
        '(unset it to have one generated, or set VITRINE_MODE=development)',
    )
  })
})
