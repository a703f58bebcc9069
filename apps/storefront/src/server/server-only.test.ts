import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * What runs where is in the file names: a module that holds secrets or server APIs is `.server`,
 * and React Router's build refuses a `.server` module that browser code imports. This shows the
 * refusal on a small app built the way the shop is, and checks that every module of the shop
 * reading the server's settings or Node's APIs is `.server` (or a route module, whose loader and
 * action the build keeps on the server).
 */

const app = join(import.meta.dirname, '..', '..')
const src = join(app, 'src')
const bin = join(app, '..', '..', 'node_modules', '.bin', 'react-router')
const run = promisify(execFile)

/** A fixture app next to the shop (so that it resolves the same packages), removed after. */
const fixture = mkdtempSync(join(app, '.server-only-'))
afterAll(() => rmSync(fixture, { recursive: true, force: true }))

const files = (home: string): Record<string, string> => ({
  'package.json': JSON.stringify({
    name: 'server-only-fixture',
    type: 'module',
    private: true,
    dependencies: { '@react-router/node': '*', react: '*', 'react-dom': '*', 'react-router': '*' },
  }),
  'react-router.config.ts': "export default { appDirectory: 'app', ssr: true }\n",
  'vite.config.ts':
    "import { reactRouter } from '@react-router/dev/vite'\nexport default { plugins: [reactRouter()] }\n",
  'app/root.tsx':
    "import { Outlet, Scripts } from 'react-router'\nexport default function Root() {\n  return <html><body><Outlet /><Scripts /></body></html>\n}\n",
  'app/routes.ts':
    "import { index } from '@react-router/dev/routes'\nexport default [index('routes/home.tsx')]\n",
  'app/secret.server.ts': "export const secret = () => process.env.SECRET ?? ''\n",
  'app/routes/home.tsx': home,
})

/** Builds the fixture with `home` as its one page; resolves the build's output, or rejects. */
async function build(home: string): Promise<string> {
  rmSync(join(fixture, 'app'), { recursive: true, force: true })
  for (const [path, text] of Object.entries(files(home))) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true })
    writeFileSync(join(fixture, path), text)
  }
  const { stdout, stderr } = await run(bin, ['build'], { cwd: fixture })
  return stdout + stderr
}

describe('server-only modules', () => {
  it('fail the build when browser code imports one', async () => {
    const failed = build(
      "import { secret } from '../secret.server'\nexport default function Home() {\n  return <p>{secret()}</p>\n}\n",
    )
    await expect(failed).rejects.toThrow(/Server-only module referenced by client/)
  })

  it('build when only the loader uses one', async () => {
    const built = await build(
      "import { useLoaderData } from 'react-router'\nimport { secret } from '../secret.server'\nexport const loader = () => ({ length: secret().length })\nexport default function Home() {\n  return <p>{useLoaderData<typeof loader>().length}</p>\n}\n",
    )
    expect(built).toMatch(/built in/)
  })

  it("are every module of the shop that reads the server's settings or Node's APIs", () => {
    // Route modules (and the root, the server's entry) run their loaders and actions on the server.
    const routes = new Set(
      [...readFileSync(join(src, 'routes.ts'), 'utf8').matchAll(/'([\w/-]+\.tsx?)'/g)].map(
        ([, file]) => file!,
      ),
    ).add('root.tsx')
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    const serverOnly = walk(src)
      .filter((path) => /\.tsx?$/.test(path) && !/\.(test|server)\.tsx?$/.test(path))
      .filter((path) => !routes.has(relative(src, path)))
      .filter((path) => {
        const source = readFileSync(path, 'utf8')
        const imports = [...source.matchAll(/^import (type )?[\s\S]*?from '([^']+)'/gm)]
        return (
          /process\.env/.test(source) ||
          imports.some(([, type, from]) => !type && /^node:|\.server$/.test(from!))
        )
      })
      .map((path) => relative(src, path))
    expect(serverOnly).toEqual([])
  })
})
