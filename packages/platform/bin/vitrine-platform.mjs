#!/usr/bin/env node
// The `vitrine-platform` command. The CLI itself is compiled TypeScript (dist/cli.js, made by
// `npm run build`); this launcher is in the repository so that `npm ci` links the command even
// before the first build.
import { existsSync } from 'node:fs'

const cli = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(cli)) {
  console.error('vitrine-platform: not built yet. Run `npm run build` first.')
  process.exit(1)
}
await import(cli.href)
