import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * One owner per table: a module declares its tables in its `tables.ts` (one `…Tables`
 * interface), and only that module's code queries them; another module calls its front door.
 * This reads the source, as the front-door lint reads imports.
 */

const modules = join(import.meta.dirname)
const names = readdirSync(modules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** The tables each module declares, by table name. */
function owners(): Map<string, string> {
  const owner = new Map<string, string>()
  for (const module of names) {
    let source: string
    try {
      source = readFileSync(join(modules, module, 'tables.ts'), 'utf8')
    } catch {
      continue
    }
    const schema = /export interface \w+Tables \{([^}]*)\}/.exec(source)?.[1] ?? ''
    for (const [, table] of schema.matchAll(/^\s*(\w+): \w+Table$/gm)) owner.set(table!, module)
  }
  return owner
}

/** Every query of a table by name in `module`'s non-test source: [file, table]. */
function queried(module: string): [string, string][] {
  const found: [string, string][] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts') && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8')
        const query =
          /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|replaceInto|mergeInto)\(\s*'(\w+)/g
        for (const [, table] of source.matchAll(query))
          found.push([path.slice(modules.length + 1), table!])
      }
    }
  }
  walk(join(modules, module))
  return found
}

describe('table owners', () => {
  const owner = owners()

  it('knows the tables of every module that has some', () => {
    expect(owner.get('carts')).toBe('cart')
    expect(owner.get('products')).toBe('catalog')
    expect(owner.get('redirect_sessions')).toBe('redirects')
    expect(owner.get('orders')).toBe('orders')
    expect(owner.size).toBeGreaterThan(25)
  })

  it("lets no module query another module's tables", () => {
    const trespasses = names.flatMap((module) =>
      queried(module)
        .filter(([, table]) => owner.has(table) && owner.get(table) !== module)
        .map(([file, table]) => `${file} queries ${table} (owned by ${owner.get(table)})`),
    )
    expect(trespasses).toEqual([])
  })
})
