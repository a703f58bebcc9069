/** Types of `postgres.mjs`, for the TypeScript tests. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, 127.0.0.1 only). */
  url: string
  stop(): Promise<void>
}
export interface Owner {
  uid: number
  gid: number
  group: string
}
export function nobody(): Promise<Owner>
export function chownAll(path: string, owner: Owner): Promise<void>
export function startPostgresCluster(options?: {
  maxConnections?: number
}): Promise<PostgresCluster>
