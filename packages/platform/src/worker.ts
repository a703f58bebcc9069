/** Where a worker reports its own failures (a database outage). */
export interface WorkerLog {
  warn(details: object, message: string): void
}

/** A running background worker. */
export interface Worker {
  /** Stops it: aborts its signal, and waits for the step under way to end. */
  stop(): Promise<void>
}

/**
 * Runs `step` in the background until stopped: again at once while it answers `true` (more is
 * due), else after `idleMs`. A step that throws is logged as `failure` and waited out like an
 * idle one. `step` gets the worker's signal, aborted by `stop()`. All a worker's state is in the
 * database, so any number of platform instances may run the same worker side by side.
 *
 * @example
 * const worker = startWorker((signal) => deliverDue(db, signal), 500, 'delivery failed', log)
 * app.addHook('onClose', () => worker.stop())
 */
export function startWorker(
  step: (signal: AbortSignal) => Promise<boolean>,
  idleMs: number,
  failure: string,
  log?: WorkerLog,
): Worker {
  const stopping = new AbortController()
  let wake: (() => void) | undefined

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const loop = async () => {
    while (!stopping.signal.aborted) {
      let more = false
      try {
        more = await step(stopping.signal)
      } catch (error) {
        if (stopping.signal.aborted) break
        log?.warn({ error: (error as Error).message }, failure)
      }
      if (!more && !stopping.signal.aborted) await sleep(idleMs)
    }
  }

  const running = loop()
  return {
    async stop() {
      stopping.abort()
      wake?.()
      await running
    },
  }
}
