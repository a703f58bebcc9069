// A throwaway PostgreSQL cluster on this machine, for the platform's tests and the deployment
// (scripts/deployment.mjs): Debian's server binaries, 127.0.0.1 only, tuned for speed (no fsync).
import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.mjs'

const run = promisify(execFile)
const asRoot = process.getuid?.() === 0

/** Debian's newest `/usr/lib/postgresql/<version>/bin`, or `PG_BIN`. */
function binaries() {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0])
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (or set PG_BIN, or ' +
        'VITRINE_TEST_POSTGRES_URL to use a running server)',
    )
  return join(root, versions[0], 'bin')
}

/** The uid and gid of `nobody`, who runs servers that refuse root (PostgreSQL, nginx's workers). */
export async function nobody() {
  const [{ stdout: uid }, { stdout: gid }, { stdout: group }] = await Promise.all([
    run('id', ['-u', 'nobody']),
    run('id', ['-g', 'nobody']),
    run('id', ['-gn', 'nobody']),
  ])
  return { uid: Number(uid), gid: Number(gid), group: group.trim() }
}

/** Gives `path` and everything under it to `owner`. */
export async function chownAll(path, owner) {
  await chown(path, owner.uid, owner.gid)
  for (const entry of await readdir(path, { recursive: true }))
    await chown(join(path, entry), owner.uid, owner.gid)
}

/**
 * Starts a cluster in a new temp dir, listening on a free port of 127.0.0.1 only; `stop()` kills
 * it and deletes the dir. PostgreSQL refuses to run as root, so as root it runs as `nobody`
 * (through `runuser`). `maxConnections`: 400 unless said.
 */
export async function startPostgresCluster({ maxConnections = 400 } = {}) {
  const bin = binaries()
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-pg-'))
  const data = join(dir, 'data')
  if (asRoot) await chownAll(dir, await nobody())
  const exec = (tool, args) =>
    asRoot
      ? run('runuser', ['-u', 'nobody', '--', join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir })
  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    const port = await freePort()
    const options = [
      `-h 127.0.0.1 -p ${port} -k ${dir}`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      `-c max_connections=${maxConnections}`,
    ].join(' ')
    const log = join(dir, 'server.log')
    await exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start'])
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
