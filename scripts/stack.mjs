// The whole Vitrine stack on this machine: the local platform and the storefront, each in its own
// process. Used by `npm start` (scripts/start.mjs) and by the storefront's end-to-end tests, so
// that the tests run exactly what a new user runs.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.mjs'

export { freePort }

const root = fileURLToPath(new URL('..', import.meta.url))
const storefront = fileURLToPath(new URL('../apps/storefront/', import.meta.url))
const platformBin = fileURLToPath(
  new URL('../packages/platform/bin/vitrine-platform.mjs', import.meta.url),
)
const reactRouterBin = fileURLToPath(
  new URL('../node_modules/@react-router/dev/bin.js', import.meta.url),
)
const shopServer = fileURLToPath(new URL('../apps/storefront/server.mjs', import.meta.url))

const platformPackage = fileURLToPath(new URL('../packages/platform/', import.meta.url))

/** Whether the platform's build is older than its sources (or missing): then it is built first. */
export async function platformBuildIsStale() {
  const built = await stat(join(platformPackage, 'dist', 'cli.js')).catch(() => undefined)
  if (!built) return true
  for (const source of await readdir(join(platformPackage, 'src'), { recursive: true }))
    if ((await stat(join(platformPackage, 'src', source))).mtimeMs > built.mtimeMs) return true
  return false
}

/** How long a server may take to say it is listening. */
const START_TIMEOUT_MS = 60_000

/** Runs `command` to completion (output shown unless `quiet`); rejects on a non-zero exit. */
export function run(command, args, { env = process.env, cwd = root, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? 'pipe' : 'inherit' })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`)),
    )
  })
}

/** Starts a long-running child; `onLine` sees each line of its output. */
export function startChild(name, args, { env, cwd, onLine }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) onLine(line)
    })
  }
  child.name = name
  return child
}

/**
 * Resolves with what `found()` returns once it is defined (asked on each line `child` prints);
 * rejects if the child exits first or takes too long.
 */
function waitFor(child, found) {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      child.off('line', check)
      child.off('exit', onExit)
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error(`${child.name} did not start within ${START_TIMEOUT_MS / 1000} s`))
    }, START_TIMEOUT_MS)
    const check = () => {
      const value = found()
      if (value === undefined) return
      done()
      resolve(value)
    }
    const onExit = (code) => {
      done()
      reject(new Error(`${child.name} exited with ${code} before it was ready`))
    }
    child.on('line', check)
    child.on('exit', onExit)
  })
}

/** Resolves once `url` answers; rejects if `child` exits first or it takes too long. */
export async function untilServing(child, url) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.name} exited with ${child.exitCode}`)
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`${child.name} did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s`)
}

/** Stops a child: SIGTERM, then SIGKILL if it is still there after 5 s. */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** The platform's own request log (JSON lines): shown only from warnings up. */
function platformLine(line, log) {
  if (!line.startsWith('{')) return log(line)
  try {
    const entry = JSON.parse(line)
    if (entry.level >= 40) log(`platform: ${entry.msg ?? line}`)
  } catch {
    log(line)
  }
}

/**
 * Starts the stack: builds, then runs the platform and the storefront.
 *
 * - `platformPort` (default `PORT` or 4100) and `shopPort` (default `STOREFRONT_PORT`, else 4173
 *   for the production build, 5173 for the dev server);
 * - `mode`: `preview` (a fresh production build of the shop, rendered on the server by
 *   the shop's own server, `apps/storefront/server.mjs`) or `dev` (React Router's dev server:
 *   Vite, hot reload);
 * - `packages`: which packages to build first: `all` (default), `platform` (what the servers need
 *   when the shop reads the packages' sources) or `none`; `buildShop: false` serves the shop's
 *   last build as is; `outDir`: where the shop's build goes (default `apps/storefront/build`);
 * - `env`: the environment of the builds and servers (default `process.env`; `DATABASE_URL`,
 *   `VITRINE_*` and `STOREFRONT_*` pass through; `VITRINE_MODE` is `development` unless set). The
 *   shop is pointed at this platform (`STOREFRONT_PLATFORM_URL`), and the platform allows the
 *   shop's origin unless `VITRINE_ALLOWED_ORIGINS` says otherwise;
 * - `log`: where the builds' and servers' output goes (default: nowhere).
 *
 * The shop's server gets the admin key as `STOREFRONT_API_KEY` (unless that is set), to read orders.
 *
 * Resolves with the URLs, the admin key, `pids` (the two servers' process ids), `exited` (settles
 * when a server ends by itself) and `stop()`, which ends both servers.
 */
export async function startStack(options = {}) {
  const env = { ...(options.env ?? process.env) }
  const mode = options.mode ?? 'preview'
  const log = options.log ?? (() => {})
  const platformPort = options.platformPort ?? Number(env.PORT || 4100)
  const shopPort = options.shopPort ?? Number(env.STOREFRONT_PORT || (mode === 'dev' ? 5173 : 4173))
  const platformUrl = `http://127.0.0.1:${platformPort}`
  const shopUrl = `http://127.0.0.1:${shopPort}`

  env.PORT = String(platformPort)
  // The dev mailbox (sign-up codes, reset links) is what a developer reads: development mode.
  env.VITRINE_MODE ||= 'development'
  env.STOREFRONT_PLATFORM_URL ||= platformUrl
  // The console's sessions are sealed with it: they last as long as this stack runs.
  env.STOREFRONT_SESSION_SECRETS ||= randomBytes(32).toString('base64url')
  // The shop's own origin, first: the platform's pages link back to the first allowed origin.
  if (!env.VITRINE_ALLOWED_ORIGINS)
    env.VITRINE_ALLOWED_ORIGINS = [shopUrl, `http://localhost:${shopPort}`].join(',')

  const packages = options.packages ?? 'all'
  const workspaces =
    packages === 'all'
      ? ['@vitrine/client', '@vitrine/react', '@vitrine/platform']
      : packages === 'platform'
        ? ['@vitrine/platform']
        : []
  for (const workspace of workspaces)
    await run('npm', ['run', 'build', '--silent', '-w', workspace], { env, quiet: !options.log })
  // The shop's server: its public URL (canonical URLs, the checkout's return URLs) and where it
  // listens; the rest of the environment as the platform's.
  const buildDir = options.outDir ?? join(storefront, 'build')
  const shopEnv = {
    ...env,
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    STOREFRONT_URL: env.STOREFRONT_URL || shopUrl,
    STOREFRONT_BUILD_DIR: buildDir,
  }
  if (mode === 'preview' && options.buildShop !== false)
    await run(process.execPath, [reactRouterBin, 'build'], {
      env: shopEnv,
      cwd: storefront,
      quiet: !options.log,
    })

  const children = []
  const stop = () => Promise.all(children.map(stopChild))
  try {
    let banner = ''
    let adminKeyPrinted = false
    const platform = startChild('platform', [platformBin], {
      env,
      cwd: root,
      onLine: (line) => {
        if (!adminKeyPrinted) banner += line + '\n'
        platform.emit('line')
        platformLine(line, log)
      },
    })
    children.push(platform)
    // What the platform prints when it is ready: its client id and admin key.
    const printed = await waitFor(platform, () => {
      if (!/^\s*seed\s/m.test(banner)) return undefined
      adminKeyPrinted = true
      return {
        adminKey: /admin key\s+(\S+)/.exec(banner)?.[1] ?? '',
        clientId: /client id\s+(\S+)/.exec(banner)?.[1] ?? '',
      }
    })
    const adminKey = env.VITRINE_ADMIN_KEY || printed.adminKey
    const clientId = env.STOREFRONT_CLIENT_ID || printed.clientId

    const shopArgs =
      mode === 'dev'
        ? [reactRouterBin, 'dev', '--port', String(shopPort), '--strictPort', '--host', '127.0.0.1']
        : [shopServer]
    // The shop's server: the platform's client id, and its admin key to read orders for their
    // buyers (thank-you, account), which it keeps to itself (`STOREFRONT_API_KEY`).
    const shop = startChild('storefront', shopArgs, {
      env: {
        ...shopEnv,
        STOREFRONT_CLIENT_ID: clientId,
        STOREFRONT_API_KEY: env.STOREFRONT_API_KEY || adminKey,
        NODE_ENV: mode === 'dev' ? 'development' : 'production',
      },
      cwd: storefront,
      onLine: (line) => {
        if (mode === 'dev' || /error/i.test(line)) log(`storefront: ${line}`)
      },
    })
    children.push(shop)
    await untilServing(shop, shopUrl)

    // Settles when either server ends by itself (a crash, a port taken meanwhile).
    const exited = new Promise((resolve) => {
      for (const child of children)
        child.once('exit', (code, signal) => resolve({ name: child.name, code, signal }))
    })
    const pids = { platform: platform.pid, shop: shop.pid }
    return {
      shopUrl,
      platformUrl,
      adminKey,
      clientId,
      pids,
      exited,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * A throw-away demo stack of `dir`, on free ports: the demo catalog in a new SQLite database
 * there, the shop built into a folder of its own (inside the repository's `node_modules/.cache`,
 * where the server build finds its packages; removed by `stop()`), and the user's own `PORT` and
 * `DATABASE_URL` (those of `npm start`) left out. `packages` as for `startStack`; `env`: settings
 * of the servers on top (e.g. `STOREFRONT_TRUSTED_PROXIES`).
 */
export async function startThrowawayStack({ dir, packages, env = {} }) {
  const [platformPort, shopPort] = [await freePort(), await freePort()]
  const inherited = { ...process.env }
  delete inherited.PORT
  delete inherited.DATABASE_URL
  const outDir = join(root, 'node_modules', '.cache', 'vitrine-shop', basename(dir))
  const removeBuild = () => rm(outDir, { recursive: true, force: true })
  const stack = await startStack({
    platformPort,
    shopPort,
    packages,
    outDir,
    env: {
      ...inherited,
      DATABASE_URL: `sqlite:${join(dir, 'platform.db')}`,
      VITRINE_SEED: 'demo',
      VITRINE_ADMIN_KEY: '',
      VITRINE_ALLOWED_ORIGINS: [
        `http://127.0.0.1:${shopPort}`,
        `http://localhost:${shopPort}`,
      ].join(','),
      VITRINE_PUBLIC_URL: `http://127.0.0.1:${platformPort}`,
      STOREFRONT_PLATFORM_URL: `http://127.0.0.1:${platformPort}`,
      ...env,
    },
  }).catch(async (error) => {
    await removeBuild()
    throw error
  })
  return { ...stack, buildDir: outDir, stop: () => stack.stop().then(removeBuild) }
}
