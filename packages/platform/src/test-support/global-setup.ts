import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the run's PostgreSQL cluster (see `createTestDatabase`). */
    postgresUrl: string
  }
}

/** Starts one PostgreSQL cluster for the whole test run; stops it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
