import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { DIALECTS, testDatabaseUrl } from './test-support/platform.js'

/*
 * Durability: a platform process killed with SIGKILL in the middle of a stream of writes, then
 * restarted on the same database, still has every write it acknowledged (answered 200). The
 * writes are token grants: each creates an identity and its tokens in one transaction.
 */

const BIN = fileURLToPath(new URL('../bin/vitrine-platform.mjs', import.meta.url))
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const CLIENT_ID = 'demo-storefront'

interface Running {
  child: ChildProcess
  url: string
}

function start(databaseUrl: string): Promise<Running> {
  const child = spawn(process.execPath, [BIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      VITRINE_SEED: 'none',
      VITRINE_ADMIN_KEY: 'durability-admin-key',
      VITRINE_MODE: 'development',
      // Every write is a new visitor, all from 127.0.0.1.
      VITRINE_VISITORS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`platform did not start: ${out}`)), 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /Vitrine platform\s+(http:\/\/\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1]! })
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk))
    child.once('exit', (code) => reject(new Error(`platform exited (${code}): ${out}`)))
  })
}

const post = (url: string, body: object) =>
  fetch(url + '/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe.each(DIALECTS)('durability (%s)', (dialect) => {
  let running: Running | undefined
  afterEach(() => {
    running?.child.kill('SIGKILL')
  })

  it('keeps every acknowledged write across a SIGKILL', async () => {
    expect(existsSync(CLI), 'the platform must be built (npm run build) for this test').toBe(true)
    const database = await testDatabaseUrl(dialect)
    running = await start(database.url)
    const acknowledged: string[] = []
    let inFlight = 0
    let stop = false
    const writer = async () => {
      while (!stop && acknowledged.length < 2000) {
        inFlight++
        try {
          const res = await post(running!.url, { clientId: CLIENT_ID, grantType: 'anonymous' })
          if (res.status === 200)
            acknowledged.push(((await res.json()) as { refresh_token: string }).refresh_token)
        } catch {
          // The process died under this request: it was never acknowledged.
        } finally {
          inFlight--
        }
      }
    }
    const writers = Array.from({ length: 8 }, writer)
    // Kill once a good number of writes are acknowledged, with more in flight.
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5))
    expect(inFlight).toBeGreaterThan(0)
    running.child.kill('SIGKILL')
    stop = true
    await Promise.all(writers)
    const killedAt = acknowledged.length

    running = await start(database.url)
    const lost: string[] = []
    for (const refreshToken of acknowledged.slice(0, killedAt)) {
      const res = await post(running.url, {
        clientId: CLIENT_ID,
        grantType: 'refresh_token',
        refreshToken,
      })
      if (res.status !== 200) lost.push(`${res.status}`)
    }
    expect(killedAt).toBeGreaterThanOrEqual(150)
    expect(lost).toEqual([])
    running.child.kill('SIGKILL')
    running = undefined
    await database.cleanup()
  }, 120_000)
})
