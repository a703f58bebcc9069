// Type-checks every ```ts and ```tsx block of README.md and of the client's README against the built
// packages, so the quick starts cannot drift from the API. Run by `npm test` after the build.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
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
