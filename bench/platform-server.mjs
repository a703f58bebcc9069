// A server under test for bench/platform.mjs, in its own process so the load generator does not
// share its event loop: `bare` (a bare Fastify JSON route), `platform <databaseUrl> <seed>`, or
// `floor <sqlite file>` (bench/platform-floor.mjs over the platform's database).
// Prints `READY <url> <adminKey>` once listening. On SIGUSR2 it prints `CPU <µs> <requests>`: the
// CPU time it used and the requests it received since the previous SIGUSR2 (or the start), so
// the bench can tell what one request costs the server, whatever the load generator takes.
// Stops on SIGTERM.
import Fastify from 'fastify'
import { buildApp } from '../packages/platform/dist/index.js'
import { floorApp } from './platform-floor.mjs'

const [kind, databaseUrl, seed] = process.argv.slice(2)
let app
if (kind === 'bare') {
  app = Fastify()
  app.get('/json', async () => ({ hello: 'world', items: [1, 2, 3] }))
} else if (kind === 'floor') {
  app = floorApp(databaseUrl)
} else {
  app = await buildApp({ databaseUrl, seed, logger: false })
}
await app.listen({ port: 0, host: '127.0.0.1' })
let requests = 0
let since = process.cpuUsage()
app.server.on('request', () => requests++)
process.on('SIGUSR2', () => {
  const used = process.cpuUsage(since)
  console.log(`CPU ${used.user + used.system} ${requests}`)
  since = process.cpuUsage()
  requests = 0
})
console.log(`READY http://127.0.0.1:${app.server.address().port} ${app.platform?.adminKey ?? '-'}`)
process.once('SIGTERM', () => app.close().then(() => process.exit(0)))
