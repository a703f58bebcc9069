import { describe, expect, it } from 'vitest'
import type { Tokens } from '../types.js'
import { memoryTokenStorage } from './memory.js'

const pair: Tokens = {
  accessToken: { value: 'a', expiresAt: 1 },
  refreshToken: { value: 'r', role: 'visitor' },
}

describe('memoryTokenStorage', () => {
  it('starts empty, or with the given tokens', () => {
    expect(memoryTokenStorage().get()).toBeUndefined()
    expect(memoryTokenStorage(pair).get()).toBe(pair)
  })

  it('returns the last tokens set', () => {
    const storage = memoryTokenStorage()
    storage.set(pair)
    expect(storage.get()).toBe(pair)
  })

  it('two storages do not share tokens (no module-level state)', () => {
    const one = memoryTokenStorage()
    one.set(pair)
    expect(memoryTokenStorage().get()).toBeUndefined()
  })
})
