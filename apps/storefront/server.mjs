// @ts-check
// The shop's production server (`npm start`, and what a deployment runs): React Router's request
// handler on Express, with compression and the build's static files, as `react-router-serve` serves
// them — and the shopper's address, read through the proxies the shop trusts, handed to the
// request's router context (`loadContext`, src/entry.server.tsx), which passes it on to the platform.
//
//   PORT, HOST                   where it listens (default 4173, all interfaces)
//   STOREFRONT_BUILD_DIR         the shop's build (default ./build)
//   STOREFRONT_TRUSTED_PROXIES   the peers whose X-Forwarded-For names the shopper: IP addresses
//                                and CIDR ranges, comma-separated (default: none, the shop is the
//                                edge); a forwarded header from any other peer is ignored
//
// The shop's own settings (the platform's URL, the client id, secrets…) are read by the build when
// it is loaded: src/server/config.server.ts lists them.
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { readdirSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

const buildDir = resolve(process.env.STOREFRONT_BUILD_DIR || 'build')
const port = Number(process.env.PORT || 4173)
const host = process.env.HOST || undefined
const trusted = (process.env.STOREFRONT_TRUSTED_PROXIES ?? '').trim()

const app = express()
app.disable('x-powered-by')
try {
  app.set('trust proxy', trusted && trusted !== 'none' ? trusted : false)
} catch (error) {
  console.error(
    'storefront: STOREFRONT_TRUSTED_PROXIES must list IP addresses or CIDR ranges ' +
      `(e.g. 10.0.0.0/8), or be "none": ${/** @type {Error} */ (error).message}`,
  )
  process.exit(1)
}

/** @type {import('react-router').ServerBuild} */
let build
try {
  // Reads and checks the shop's settings (src/server/config.server.ts): a bad one stops here.
  build = await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)
} catch (error) {
  if (/** @type {Error} */ (error).name !== 'ConfigError') throw error
  console.error(`storefront: ${/** @type {Error} */ (error).message}`)
  process.exit(1)
}
/** The build's router context of a request (src/entry.server.tsx), with the shopper's address. */
const loadContext =
  /** @type {(clientAddress: string | undefined) => import('react-router').RouterContextProvider} */ (
    build.entry.module.loadContext
  )
// Compressed as browsers accept it. Brotli's window is 256 KB, not 4 MB: a page is smaller than
// that, so it compresses the same, and each answer's encoder costs far less to set up.
app.use(
  compression({
    brotli: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
  }),
)
app.use(
  join(build.publicPath, 'assets'),
  express.static(join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y' }),
)
// The build's other public files (the icon…), listed once: the build does not change while it is
// served, and a page's path is then not looked up on disk first.
const clientDir = join(buildDir, 'client')
const publicFiles = new Set(
  readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) => '/' + relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'),
    ),
)
const publicFile = express.static(clientDir)
app.use(build.publicPath, (req, res, next) => {
  let path
  try {
    path = decodeURIComponent(req.path)
  } catch {
    return next()
  }
  return publicFiles.has(path) ? publicFile(req, res, next) : next()
})
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // `req.ip`: the socket's address, or the one a trusted proxy forwarded (IPv4 written plainly).
    getLoadContext: (req) => loadContext(req.ip?.replace(/^::ffff:(?=\d+\.)/, '')),
  }),
)

const listening = () => console.log(`[storefront] http://${host ?? 'localhost'}:${port}`)
const server = host ? app.listen(port, host, listening) : app.listen(port, listening)
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => server.close(() => process.exit(0)))
