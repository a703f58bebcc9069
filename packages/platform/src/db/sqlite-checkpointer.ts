import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** How often the checkpointer copies the WAL back into the database file, in ms. */
const INTERVAL_MS = 100

/**
 * The checkpointer's code (plain JS, run with `eval`, so it works from the sources and from the
 * build alike): its own connection to the file, a PASSIVE checkpoint every `interval` ms (it never
 * waits for readers or writers, nor makes them wait), closed on a `stop` message.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.module)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 5000')
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch {
    // A busy or failing checkpoint is tried again next time; the WAL keeps every commit meanwhile.
  }
}, workerData.interval)
parentPort.on('message', () => {
  clearInterval(timer)
  db.close()
  process.exit(0)
})
`

/** A running checkpointer: {@link stop} it before closing the database. */
export interface Checkpointer {
  stop(): Promise<void>
}

/**
 * Checkpoints the WAL of the SQLite file `file` in a worker thread. A checkpoint copies committed
 * pages from the WAL into the database file and syncs both — milliseconds to tens of
 * milliseconds of I/O that SQLite's automatic checkpoint would do inside a COMMIT on the main
 * thread (better-sqlite3 is synchronous), stalling every request meanwhile. Commits stay as
 * durable as before: a committed transaction is in the WAL whether or not it was checkpointed.
 */
export function startCheckpointer(file: string): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { module, file, interval: INTERVAL_MS },
  })
  worker.unref()
  // The worker's own failures only leave checkpoints to SQLite's automatic one.
  worker.on('error', () => {})
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    async stop() {
      worker.postMessage('stop')
      const timeout = setTimeout(() => void worker.terminate(), 5000)
      await exited
      clearTimeout(timeout)
    },
  }
}
