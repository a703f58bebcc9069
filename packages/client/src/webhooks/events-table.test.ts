import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EVENTS } from './events.js'

/*
 * The platform README's table of events names, for each event type, the handler of
 * `createWebhooks` that receives it: every handler has its row, with the type it dispatches.
 */
const readme = readFileSync(
  new URL('../../../platform/README.md', import.meta.url).pathname,
  'utf8',
)
const rows = new Map(
  [...readme.matchAll(/^\| `([\w.]+)` +\| .*? +\| `(on\w+)` +\|$/gm)].map(([, type, handler]) => [
    handler!,
    type!,
  ]),
)

describe("the platform README's table of events", () => {
  it('names every handler, each once, with the event type it receives', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(EVENTS).sort())
    for (const [handler, definition] of Object.entries(EVENTS))
      expect(rows.get(handler), handler).toBe(definition.type)
  })
})
