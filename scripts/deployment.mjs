// The production shape on this machine: nginx (Debian's) in front of two shop servers and two
// platform instances on one PostgreSQL, with the config a shop would run (deploy/nginx.conf).
// Used by `npm run deploy:local` and by the deployment test (apps/storefront/deploy-tests/).
//
//   browser ──> nginx :shop ──────> shop server 1, shop server 2 ──┐ (through nginx :platform)
//          └──> nginx :platform ──> platform 1, platform 2 <───────┘
//                                    └──> PostgreSQL (one database)
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chownAll, nobody, startPostgresCluster } from './postgres.mjs'
import {
  freePort,
  platformBuildIsStale,
  run,
  startChild,
  stopChild,
  untilServing,
} from './stack.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const storefront = join(root, 'apps', 'storefront')
const platformPackage = join(root, 'packages', 'platform')
const platformBin = join(platformPackage, 'bin', 'vitrine-platform.mjs')
const reactRouterBin = join(root, 'node_modules', '@react-router', 'dev', 'bin.js')
const nginxTemplate = join(root, 'deploy', 'nginx.conf')
const NGINX = '/usr/sbin/nginx'
/** How long the whole deployment may take to answer through nginx once its servers listen. */
const READY_TIMEOUT_MS = 60_000
/** The lines of a server's output kept, to say why it failed. */
const KEPT_LINES = 40

const asRoot = process.getuid?.() === 0
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const secret = () => randomBytes(36).toString('base64url')
/** The shop's OAuth client at its platforms. */
const CLIENT_ID = 'demo-storefront'

/**
 * deploy/nginx.conf with its placeholders filled (`{{NAME}}` by `values.NAME`); throws if one is
 * left, so the template and this script cannot drift apart silently.
 */
export async function renderNginxConfig(values) {
  const template = await readFile(nginxTemplate, 'utf8')
  const filled = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name) => values[name] ?? whole)
  const left = filled.match(/\{\{[A-Z_]+\}\}/)
  if (left) throw new Error(`deploy/nginx.conf: no value for ${left[0]}`)
  return filled
}

/** Resolves once `url` answers `ok(status)` (through nginx); rejects past `timeoutMs`. */
async function untilAnswering(url, ok, what, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      await answer.arrayBuffer()
      if (ok(answer.status)) return
      last = `status ${answer.status}`
    } catch (error) {
      last = error.message
    }
    await pause(250)
  }
  throw new Error(`${what} did not answer on ${url} within ${timeoutMs / 1000} s (${last})`)
}

/**
 * One server process of the deployment (a shop server or a platform instance) on a fixed port, so
 * that nginx finds it again after a restart.
 */
function instance(name, { args, env, cwd, url, probe = '/', log }) {
  const lines = []
  let child
  const start = async () => {
    child = startChild(name, args, {
      env,
      cwd,
      onLine: (line) => {
        lines.push(line)
        if (lines.length > KEPT_LINES) lines.shift()
        log(`${name}: ${line}`)
      },
    })
    child.once('exit', (code, signal) => log(`${name}: exited (${signal ?? `code ${code}`})`))
    try {
      await untilServing(child, `${url}${probe}`)
    } catch (error) {
      throw new Error(`${error.message}\n${lines.join('\n')}`, { cause: error })
    }
  }
  return {
    name,
    url,
    start,
    get pid() {
      return child?.pid
    },
    /** Whether its process is running. */
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null
    },
    /** Sends `signal` (default SIGKILL: a crash) and resolves once the process is gone. */
    kill(signal = 'SIGKILL') {
      const gone = child
      if (!gone || gone.exitCode !== null || gone.signalCode !== null) return Promise.resolve()
      return new Promise((resolve) => {
        gone.once('exit', () => resolve())
        gone.kill(signal)
      })
    },
    /** Starts it again on its port (stopping it first if it still runs). */
    async restart() {
      if (child) await stopChild(child)
      await start()
    },
    stop: () => (child ? stopChild(child) : Promise.resolve()),
    /** Its last lines of output. */
    output: () => lines.join('\n'),
  }
}

/** Starts nginx (Debian's) with `config` in `dir`, in the foreground; resolves with its process. */
async function startNginx(dir, config, log) {
  const file = join(dir, 'nginx.conf')
  await writeFile(file, config)
  const lines = []
  const child = spawn(NGINX, ['-c', file, '-p', `${dir}/`, '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        lines.push(line)
        log(`nginx: ${line}`)
      }
    })
  }
  child.name = 'nginx'
  child.output = () => lines.join('\n')
  await new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('spawn', resolve)
  })
  return child
}

/**
 * Starts the production shape in `dir` (a folder of its own, e.g. from `mkdtemp`; made when
 * omitted; `stop()` removes it): a PostgreSQL cluster; the platform built if its sources changed
 * and the shop built once; `platforms` platform instances (default 2) and `shops` shop servers
 * (default 2) on free ports of 127.0.0.1; nginx in front with deploy/nginx.conf. Resolves once the
 * shop and the platform answer through nginx.
 *
 * Every instance of a kind gets the same settings: one `DATABASE_URL`, one `VITRINE_ADMIN_KEY`
 * (made up unless given), one `STOREFRONT_SESSION_SECRETS`; both kinds trust nginx's address
 * (127.0.0.1) as their proxy, and the browser reaches the platform through nginx. `env`: settings
 * on top (e.g. `STOREFRONT_CACHE_SECONDS`, `VITRINE_MODE`); `log`: where output goes (default
 * nowhere).
 *
 * Resolves with nginx's `shopUrl` and `platformUrl`, the `adminKey`, the `instances` (each with
 * its own `url`, `pid`, `kill(signal)`, `restart()`), the nginx folder `nginxDir` (its access
 * log) and `stop()`, which ends everything.
 */
export async function startDeployment({ dir, env = {}, shops = 2, platforms = 2, log } = {}) {
  const say = log ?? (() => {})
  const ownDir = dir ?? (await mkdtemp(join(tmpdir(), 'vitrine-deployment-')))
  // The server build imports its packages from the repository's node_modules: it lives there.
  const buildDir = join(root, 'node_modules', '.cache', 'vitrine-shop', basename(ownDir))
  const nginxDir = join(ownDir, 'nginx')
  const cleanups = []
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
    await rm(buildDir, { recursive: true, force: true })
    await rm(ownDir, { recursive: true, force: true })
  }
  try {
    // nginx's workers (nobody, as root) must reach their folder inside it.
    await chmod(ownDir, 0o755)
    // Free ports, all different (a port freePort() found may come back from it at once).
    const taken = new Set()
    const newPort = async () => {
      let port = await freePort()
      while (taken.has(port)) port = await freePort()
      taken.add(port)
      return port
    }
    const [shopPort, platformPort] = [await newPort(), await newPort()]
    const shopUrl = `http://127.0.0.1:${shopPort}`
    const platformUrl = `http://127.0.0.1:${platformPort}`

    const postgres = await startPostgresCluster()
    cleanups.push(postgres.stop)

    // The user's own settings of `npm start` do not leak in: this deployment has its own.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(PORT|HOST|DATABASE_URL|NODE_ENV)$|^(VITRINE_|STOREFRONT_)/.test(name),
      ),
    )
    const settings = {
      // The platform's (the same on every instance).
      DATABASE_URL: postgres.url,
      VITRINE_MODE: 'production',
      VITRINE_ADMIN_KEY: secret(),
      VITRINE_SEED: 'demo',
      VITRINE_PUBLIC_URL: platformUrl,
      VITRINE_CLIENT_ID: CLIENT_ID,
      VITRINE_ALLOWED_ORIGINS: shopUrl,
      // nginx, and the shop's servers that call the platform through it: all on 127.0.0.1 here.
      VITRINE_TRUSTED_PROXIES: '127.0.0.1',
      // The shop's (the same on every instance).
      STOREFRONT_URL: shopUrl,
      STOREFRONT_PLATFORM_URL: platformUrl,
      STOREFRONT_CLIENT_ID: CLIENT_ID,
      STOREFRONT_TRUSTED_PROXIES: '127.0.0.1',
      STOREFRONT_SESSION_SECRETS: secret(),
      ...env,
    }
    settings.STOREFRONT_API_KEY ??= settings.VITRINE_ADMIN_KEY
    const common = { ...inherited, ...settings }
    // The shop's production server and its build (one build: it reads its settings when it
    // starts); the platform's mode is VITRINE_MODE's.
    const shopCommon = { ...common, NODE_ENV: 'production', STOREFRONT_BUILD_DIR: buildDir }

    if (await platformBuildIsStale())
      await run('npm', ['run', 'build', '--silent', '-w', '@vitrine/platform'], { quiet: true })
    await run(process.execPath, [reactRouterBin, 'build'], {
      env: shopCommon,
      cwd: storefront,
      quiet: true,
    })

    const platformInstances = []
    for (let i = 1; i <= platforms; i++) {
      const ownPort = await newPort()
      platformInstances.push(
        instance(`platform-${i}`, {
          args: [platformBin],
          env: { ...common, PORT: String(ownPort), HOST: '127.0.0.1' },
          cwd: root,
          url: `http://127.0.0.1:${ownPort}`,
          log: say,
        }),
      )
    }
    const shopInstances = []
    for (let i = 1; i <= shops; i++) {
      const ownPort = await newPort()
      shopInstances.push(
        instance(`shop-${i}`, {
          // `node server.mjs` in the shop's folder, as a shop's host starts it.
          args: ['server.mjs'],
          env: { ...shopCommon, PORT: String(ownPort), HOST: '127.0.0.1' },
          cwd: storefront,
          url: `http://127.0.0.1:${ownPort}`,
          // What a load balancer asks: it renders without the platform (not up behind nginx yet).
          probe: '/healthz',
          log: say,
        }),
      )
    }
    const all = [...platformInstances, ...shopInstances]
    cleanups.push(() => Promise.all(all.map((server) => server.stop())))
    // The platforms together (their migrations and seed are safe to run at once), then the shops.
    await Promise.all(platformInstances.map((server) => server.start()))
    await Promise.all(shopInstances.map((server) => server.start()))

    await mkdir(nginxDir)
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      await mkdir(join(nginxDir, 'temp', temp), { recursive: true })
    await mkdir(join(nginxDir, 'cache'))
    const owner = asRoot ? await nobody() : undefined
    if (owner) await chownAll(nginxDir, owner)
    const upstream = (servers) =>
      servers
        .map((server) => `    server ${new URL(server.url).host} max_fails=3 fail_timeout=5s;`)
        .join('\n')
    const config = await renderNginxConfig({
      USER: owner ? `user nobody ${owner.group};` : '',
      DIR: nginxDir,
      SHOP_LISTEN: `127.0.0.1:${shopPort}`,
      PLATFORM_LISTEN: `127.0.0.1:${platformPort}`,
      SHOP_SERVERS: upstream(shopInstances),
      PLATFORM_SERVERS: upstream(platformInstances),
    })
    const nginx = await startNginx(nginxDir, config, say)
    cleanups.push(() => stopChild(nginx))
    const ready = async (url, ok, what) => {
      try {
        await Promise.race([
          untilAnswering(url, ok, what),
          new Promise((_, reject) =>
            nginx.once('exit', (code) => reject(new Error(`nginx exited with ${code}`))),
          ),
        ])
      } catch (error) {
        throw new Error(`${error.message}\n${nginx.output()}`, { cause: error })
      }
    }
    await ready(`${shopUrl}/`, (status) => status === 200, 'the shop')
    // Any answer of the platform's own (a 404 of its root): not nginx's 502.
    await ready(`${platformUrl}/`, (status) => status < 500, 'the platform')

    return {
      shopUrl,
      platformUrl,
      adminKey: settings.VITRINE_ADMIN_KEY,
      settings,
      nginxDir,
      instances: { shops: shopInstances, platforms: platformInstances },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

// `node scripts/deployment.mjs` (`npm run deploy:local`): starts it, prints where, waits for Ctrl-C.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('Starting the production shape: PostgreSQL, 2 platforms, 2 shop servers, nginx…')
  // `VITRINE_*` and `STOREFRONT_*` of this shell go to the servers (e.g. STOREFRONT_CACHE_SECONDS).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => /^(VITRINE_|STOREFRONT_)/.test(name)),
  )
  // The servers' warnings, errors and exits; not their banners nor the platform's request log
  // (a JSON line a request, shown from level 40, warnings, up).
  const log = (line) => {
    const json = /^[\w-]+: (\{.*)$/.exec(line)?.[1]
    let level
    try {
      level = json && JSON.parse(json).level
    } catch {
      // not JSON after all
    }
    if (level ? level >= 40 : /error|warn|exited/i.test(line)) console.log(line)
  }
  const deployment = await startDeployment({ env, log }).catch((error) => {
    console.error(`deployment: ${error.message}`)
    process.exit(1)
  })
  const lines = (servers) => servers.map((server) => `${server.name} ${server.url}`).join(', ')
  console.log(`
  shop (nginx)        ${deployment.shopUrl}   console: ${deployment.shopUrl}/admin
  platform (nginx)    ${deployment.platformUrl}
  admin key           ${deployment.adminKey}
  shop servers        ${lines(deployment.instances.shops)}
  platform instances  ${lines(deployment.instances.platforms)}
  nginx's folder      ${deployment.nginxDir} (access.log)

Ctrl-C stops it all.`)
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void deployment.stop().then(() => process.exit(0)))
}
