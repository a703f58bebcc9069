import { describe, expect, it } from 'vitest'
import { coalesced } from './coalesced.server'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('coalesced', () => {
  it('passes on what is written in one burst as one chunk, and each later burst as its own', async () => {
    let ended = false
    const stream = coalesced(() => (ended = true))
    const chunks: string[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    for (const piece of ['<html>', '<body>', 'shell']) stream.write(Buffer.from(piece))
    await tick()
    expect(chunks).toEqual(['<html><body>shell'])
    stream.write(Buffer.from('<template>later</template>'))
    stream.write(new TextEncoder().encode('<script>'))
    await tick()
    expect(chunks).toEqual(['<html><body>shell', '<template>later</template><script>'])
    expect(ended).toBe(false)
    stream.end(Buffer.from('</html>'))
    await new Promise((resolve) => stream.on('end', resolve))
    expect(chunks.join('')).toBe('<html><body>shell<template>later</template><script></html>')
    expect(ended).toBe(true)
  })
})
