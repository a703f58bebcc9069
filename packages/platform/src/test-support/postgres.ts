import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A running PostgreSQL server for tests. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, 127.0.0.1 only). */
  url: string
  stop(): Promise<void>
}

/** Debian's newest `/usr/lib/postgresql/<version>/bin`, or `PG_BIN`. */
function binaries(): string {
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * Starts a throwaway cluster in a temp dir, listening on a free port of 127.0.0.1 only, tuned for
 * tests (no fsync); `stop()` kills it and deletes the dir. PostgreSQL refuses to run as root, so
 * as root it runs as `nobody` (through `runuser`). With `VITRINE_TEST_POSTGRES_URL` set, that
 * server is used instead and nothing is started.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const given = process.env.VITRINE_TEST_POSTGRES_URL
  if (given) return { url: given, stop: async () => {} }
  const bin = binaries()
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'nobody'])
    const { stdout: group } = await run('id', ['-g', 'nobody'])
    await chown(dir, Number(stdout), Number(group))
  }
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'nobody', '--', join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir })
  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    const port = await freePort()
    const options = [
      `-h 127.0.0.1 -p ${port} -k ${dir}`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400',
    ].join(' ')
    await exec('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ])
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

/** Creates an empty database in the cluster of `clusterUrl` and returns its URL. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}
