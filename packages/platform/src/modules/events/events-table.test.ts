import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EVENT_TYPES } from './event-types.js'

/*
 * The platform README's table of events says which module emits each event type. Every type the
 * platform emits has a row naming its module; that module's code emits it (`EVENT_TYPES.<name>`),
 * and no other module's does. (The client's handler column is checked by the client's tests.)
 */

const modules = join(import.meta.dirname, '..')
const readme = readFileSync(join(modules, '../../README.md'), 'utf8')

/** The table's rows: event type → emitting module (undefined for "—"). */
const rows = new Map(
  [...readme.matchAll(/^\| `([\w.]+)` +\| (?:`(\w+)` \(.*?\)|—) +\| `on\w+` +\|$/gm)].map(
    ([, type, module]) => [type!, module],
  ),
)

/** The non-test source of `module`, concatenated. */
function source(module: string): string {
  const read = (dir: string): string =>
    readdirSync(dir, { withFileTypes: true })
      .map((entry) =>
        entry.isDirectory()
          ? read(join(dir, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
            ? readFileSync(join(dir, entry.name), 'utf8')
            : '',
      )
      .join('\n')
  return read(join(modules, module))
}

const names = readdirSync(modules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'events')
  .map((entry) => entry.name)
const sources = new Map(names.map((name) => [name, source(name)]))

describe("the README's table of events", () => {
  it('has a row for every event type the platform emits, naming a module', () => {
    for (const type of Object.values(EVENT_TYPES)) expect(rows.get(type), type).toBeTruthy()
    const emitted = [...rows].filter(([, module]) => module).map(([type]) => type)
    expect(emitted.sort()).toEqual(Object.values(EVENT_TYPES).sort())
  })

  it.each(Object.entries(EVENT_TYPES))('%s: emitted by the module its row names, only', (name) => {
    const type = EVENT_TYPES[name as keyof typeof EVENT_TYPES]
    const use = new RegExp(`\\bEVENT_TYPES\\.${name}\\b`)
    const emitters = names.filter((module) => use.test(sources.get(module)!))
    expect(emitters).toEqual([rows.get(type)])
  })
})
