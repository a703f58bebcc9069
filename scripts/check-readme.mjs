// Type-checks every ```ts and ```tsx block of README.md and of the client's README against the built
// packages, so the quick starts cannot drift from the API, and checks the platform's rows of the
// root README's settings table against the settings its built config.ts reads (names and defaults). Run by
// `npm test` after the build.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

// The settings: every variable loadConfig reads is a row of the root README's settings table read
// by the platform (`| \`NAME\` | platform | default | meaning |`, or `both`) whose default cell
// starts with the default in code (none when it has none), and there is no other such row. (The
// shop server's rows are checked by its config.server.test.ts.)
const { SETTINGS, loadConfig } = await import(join(root, 'packages/platform/dist/config.js'))
const read = new Set()
loadConfig(new Proxy({}, { get: (_, name) => void read.add(name) }))
const defaults = loadConfig({})
const shown = (value) =>
  value === undefined || (Array.isArray(value) && !value.length)
    ? undefined
    : Array.isArray(value)
      ? value.join(', ')
      : String(value)
const rows = new Map(
  [
    ...readFileSync(join(root, 'README.md'), 'utf8').matchAll(
      /^\| `([A-Z][A-Z0-9_]*)` +\| (?:platform|both) +\| (.*?) +\|/gm,
    ),
  ].map(([, name, cell]) => [name, cell.match(/^`([^`]*)`/)?.[1]]),
)
const problems = [
  ...[...read].filter((name) => !rows.has(name)).map((name) => `${name} is read but has no row`),
  ...[...rows.keys()].filter((name) => !read.has(name)).map((name) => `${name} is never read`),
  ...Object.entries(SETTINGS)
    .filter(([name, key]) => rows.has(name) && rows.get(name) !== shown(defaults[key]))
    .map(
      ([name, key]) =>
        `${name}'s default is ${shown(defaults[key]) ?? 'none'}, not ${rows.get(name) ?? 'none'}`,
    ),
]
for (const problem of problems) console.error(`README.md settings (platform): ${problem}`)
if (problems.length) process.exitCode = 1
else console.log(`README settings: the platform's ${rows.size}, as config.ts reads them`)
const dir = join(root, '.readme-check')
const blocks = ['README.md', 'packages/client/README.md'].flatMap((readme) => [
  ...readFileSync(join(root, readme), 'utf8').matchAll(/```(tsx?)\n([\s\S]*?)```/g),
])
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir)
const files = blocks.map((block, i) => {
  const file = join(dir, `snippet-${i + 1}.${block[1]}`)
  writeFileSync(file, block[2] + '\nexport {}\n')
  return file
})
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    extends: '../tsconfig.base.json',
    compilerOptions: { noEmit: true, types: ['node'], lib: ['ES2022', 'DOM'], jsx: 'react-jsx' },
    files: files.map((f) => f.slice(dir.length + 1)),
  }),
)
try {
  execFileSync('npx', ['tsc', '-p', dir], { stdio: 'inherit' })
  console.log(`READMEs: ${files.length} TypeScript snippets type-check`)
} catch {
  process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
