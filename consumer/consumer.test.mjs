// @vitrine/client and @vitrine/react as a shop gets them: `npm pack`ed, installed from the tarballs
// into a throwaway app outside the workspace, bundled by esbuild (with and without splitting),
// Rollup, webpack 5 and Vite, and each bundle run in Node, Deno and Chromium against one real
// platform. The app imports every export of both packages by name, and of the client's second
// entry, `@vitrine/client/wix`.
import { buildApp } from '@vitrine/platform'
import { execFile } from 'node:child_process'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { BUNDLERS, ENTRIES } from './bundlers.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (path) => join(root, 'node_modules', path)
const PACKAGES = { '@vitrine/client': 'packages/client', '@vitrine/react': 'packages/react' }
/** The entries whose exports the app imports by name, each into a file of its own. */
const ENTRY_FILES = {
  '@vitrine/client': 'client-exports.js',
  '@vitrine/client/wix': 'wix-exports.js',
  '@vitrine/react': 'react-exports.js',
}
/** The peer dependencies of @vitrine/react (and React's types), linked from the workspace. */
const PEERS = ['react', '@tanstack/react-query', '@types/react']

// A child npm must not see the variables `npm test` sets (`npm_config_local_prefix`, …): it would
// work on the workspace instead of the app.
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'),
)
const run = async (command, args, options = {}) =>
  (await promisify(execFile)(command, args, { env: cleanEnv, timeout: 120_000, ...options })).stdout

let dir, app, packed, platform, server, browser, baseUrl, origin
const exportsOf = {}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-consumer-'))
  app = join(dir, 'app')
  // `prepack` builds each package first, as `npm publish` would.
  packed = JSON.parse(
    await run('npm', ['pack', '--json', '--pack-destination', dir, ...workspaceArgs()], {
      cwd: root,
      env: process.env,
    }),
  )

  await mkdir(app)
  const dependencies = Object.fromEntries(
    packed.map(({ name, filename }) => [name, `file:${join(dir, filename)}`]),
  )
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: 'vitrine-consumer', private: true, type: 'module', dependencies }),
  )
  // Offline: the tarballs are all it installs; the peers come from the workspace below.
  await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--legacy-peer-deps', '--no-package-lock'],
    { cwd: app },
  )
  for (const peer of PEERS) {
    await mkdir(join(app, 'node_modules', peer, '..'), { recursive: true })
    await symlink(bin(peer), join(app, 'node_modules', peer), 'dir')
  }
  const fixtures = fileURLToPath(new URL('app/', import.meta.url))
  for (const file of await readdir(fixtures)) await copyFile(join(fixtures, file), join(app, file))

  // Every export, as Node sees the installed packages: the app imports each one by name.
  for (const [name, file] of Object.entries(ENTRY_FILES)) {
    exportsOf[name] = JSON.parse(
      await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `console.log(JSON.stringify(Object.keys(await import('${name}'))))`,
        ],
        { cwd: app },
      ),
    )
    const names = exportsOf[name].join(', ')
    await writeFile(
      join(app, file),
      `import { ${names} } from '${name}'\nexport const exported = { ${names} }\n`,
    )
  }

  // The bundles are served to Chromium from one origin, which the platform allows.
  server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://x')
    const path = join(dir, 'out', decodeURIComponent(url.pathname))
    if (!path.startsWith(join(dir, 'out'))) return void response.writeHead(403).end()
    try {
      const body = path.endsWith('/')
        ? `<!doctype html><script>globalThis.consumerBaseUrl = '${baseUrl}'</script>` +
          `<script type="module" src="${url.searchParams.get('entry')}.js"></script>`
        : await readFile(path)
      const type = extname(path) === '.js' ? 'text/javascript' : 'text/html'
      response.writeHead(200, { 'content-type': type }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${server.address().port}`
  platform = await buildApp({
    databaseUrl: `sqlite:${join(dir, 'platform.db')}`,
    seed: 'demo',
    allowedOrigins: [origin],
    workers: false,
  })
  await platform.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${platform.server.address().port}`
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await platform?.close()
  server?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

function workspaceArgs() {
  return Object.keys(PACKAGES).flatMap((name) => ['-w', name])
}

describe('the tarballs', () => {
  it.each(Object.entries(PACKAGES))(
    '%s holds its build, types, README, LICENSE and CHANGELOG; no tests, maps or stale files',
    async (name, folder) => {
      const files = packed.find((pack) => pack.name === name).files.map(({ path }) => path)
      expect(files).toEqual(
        expect.arrayContaining([
          'package.json',
          'README.md',
          'LICENSE',
          'CHANGELOG.md',
          'dist/index.js',
          'dist/index.d.ts',
        ]),
      )
      const sources = new Set(
        (await readdir(join(root, folder, 'src'), { recursive: true })).map((file) =>
          file.replace(/\.tsx?$/, ''),
        ),
      )
      const unexpected = files.filter((file) => {
        if (['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(file)) return false
        const built = /^dist\/(.+?)(\.d\.ts|\.js)$/.exec(file)
        // Built from a source file that is neither a test nor test support.
        return !built || !sources.has(built[1]) || /\.test$|(^|\/)test-/.test(built[1])
      })
      expect(unexpected).toEqual([])
    },
  )

  it.each(Object.keys(PACKAGES))('%s passes publint (strict) and attw (ESM only)', async (name) => {
    const tarball = join(dir, packed.find((pack) => pack.name === name).filename)
    await run(process.execPath, [bin('publint/src/cli.js'), '--strict', tarball])
    await run(process.execPath, [
      bin('@arethetypeswrong/cli/dist/index.js'),
      '--profile',
      'esm-only',
      '--format',
      'ascii',
      tarball,
    ])
  })
})

it.each(['bundler', 'node16'])('the app type-checks with moduleResolution %s', async (mode) => {
  await run(process.execPath, [bin('typescript/bin/tsc'), '-p', `tsconfig.${mode}.json`], {
    cwd: app,
  })
})

describe.each(Object.keys(BUNDLERS))('bundled by %s', (bundler) => {
  const folder = bundler.replace(/\W+/g, '-')
  const out = () => join(dir, 'out', folder)
  const expected = (entry) => {
    const client = exportsOf['@vitrine/client']
    const names =
      entry === 'client' ? client : [...new Set([...client, ...exportsOf['@vitrine/react']])]
    const calls =
      entry === 'client'
        ? { loginState: 'FAILURE' }
        : {
            identityModules: ['authentication', 'recovery', 'verification'],
            redirectSession: 'function',
          }
    return {
      undefinedExports: [],
      exportCount: names.length,
      product: expect.stringMatching(/\w/),
      ...calls,
      // The port entry: every export, the official modules' enumerations on its modules.
      wix: {
        undefinedExports: [],
        exportCount: exportsOf['@vitrine/client/wix'].length,
        swatch: 'color',
      },
    }
  }

  beforeAll(() => BUNDLERS[bundler](app, out()))

  it.each(ENTRIES)(
    '%s.js runs in Node: every export defined, real calls answered',
    async (entry) => {
      const result = JSON.parse(
        await run(process.execPath, [join(app, 'run.mjs'), join(out(), `${entry}.js`), baseUrl]),
      )
      expect(result).toEqual(expected(entry))
    },
  )

  it.each(ENTRIES)('%s.js runs in Deno, an edge-style runtime', async (entry) => {
    const result = JSON.parse(
      await run(
        bin('deno/bin.cjs'),
        [
          'run',
          '--no-prompt',
          '--no-config',
          '--no-lock',
          '--no-remote',
          `--allow-net=${new URL(baseUrl).host}`,
          `--allow-read=${dir}`,
          join(app, 'run.mjs'),
          join(out(), `${entry}.js`),
          baseUrl,
        ],
        { env: { ...cleanEnv, DENO_DIR: join(dir, 'deno'), DENO_NO_UPDATE_CHECK: '1' } },
      ),
    )
    expect(result).toEqual(expected(entry))
  })

  it.each(ENTRIES)('%s.js runs in Chromium', async (entry) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    // As a page loads an app: a module script.
    await page.goto(`${origin}/${folder}/?entry=${entry}`)
    await page.waitForFunction(() => globalThis.consumerResult !== undefined)
    const result = await page.evaluate(() => globalThis.consumerResult)
    await context.close()
    expect(result).toEqual(expected(entry))
    expect(errors).toEqual([])
  })
})
