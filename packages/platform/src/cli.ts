import { buildApp } from './app.js'
import { loadConfig } from './config.js'

let config, app
try {
  config = loadConfig(process.env)
  app = await buildApp(config)
} catch (error) {
  console.error(`vitrine-platform: ${(error as Error).message}`)
  process.exit(1)
}
await app.listen({ port: config.port, host: config.host })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.port
const { db, adminKey } = app.platform

console.log(`
  Vitrine platform  http://${config.host}:${port}
  client id         ${config.clientId}
  admin key         ${config.adminKey ? '(from VITRINE_ADMIN_KEY)' : adminKey}
  public URL        ${config.publicUrl}
  database          ${db.description}
  mode              ${config.mode}
  seed              ${config.seed}
`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
