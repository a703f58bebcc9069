import pg from 'pg'
import { startPostgresCluster, type PostgresCluster } from '../../../../scripts/postgres.mjs'

export type { PostgresCluster }

/**
 * Starts a throwaway cluster in a temp dir, listening on a free port of 127.0.0.1 only, tuned for
 * tests (no fsync); `stop()` kills it and deletes the dir (as root it runs as `nobody`). With
 * `VITRINE_TEST_POSTGRES_URL` set, that server is used instead and nothing is started.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const given = process.env.VITRINE_TEST_POSTGRES_URL
  if (given) return { url: given, stop: async () => {} }
  return startPostgresCluster()
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
