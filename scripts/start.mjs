// `npm start`: builds everything, then runs the local platform (with its demo shop data) and the
// storefront, and says where they are. Ctrl-C stops both.
//
//   npm start              a fresh production build of the shop, rendered on the server by
//                          its server (apps/storefront/server.mjs) on http://127.0.0.1:4173
//   npm start -- --dev     React Router's dev server instead (hot reload), on http://127.0.0.1:5173
//
// The environment passes through: PORT (the platform's, default 4100), STOREFRONT_PORT,
// STOREFRONT_URL (the shop's public URL), DATABASE_URL, VITRINE_* (the platform's settings) and
// STOREFRONT_* (the shop server's settings, read when it starts).
import { startStack } from './stack.mjs'

const mode = process.argv.includes('--dev') ? 'dev' : 'preview'
const log = (line) => console.log(line)

let stack
try {
  stack = await startStack({ mode, log })
} catch (error) {
  console.error(`\nnpm start: ${error.message}`)
  process.exit(1)
}

const key = stack.adminKey || '(set by VITRINE_ADMIN_KEY)'
console.log(`
  Vitrine is running ${mode === 'dev' ? '(storefront dev server, hot reload)' : ''}

  Shop       ${stack.shopUrl}
  Admin      ${stack.shopUrl}/admin      admin key  ${key}
  Platform   ${stack.platformUrl}      client id  ${stack.clientId}
  Mailbox    ${stack.platformUrl}/_vitrine/mailbox   (e-mails the shop sends: codes, reset links)

  Press Ctrl-C to stop.
`)

let stopping = false
stack.exited.then(({ name, code, signal }) => {
  if (stopping) return
  stopping = true
  console.error(`\nThe ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`)
  stack.stop().then(() => process.exit(1))
})
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log('\nStopping…')
    stack.stop().then(() => process.exit(0))
  })
