import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely'
import { runDirectly, type DirectRun } from './prepared.js'

/** Changes committed together at most, and how long a group takes on more changes. */
const MAX_CHANGES = 64
const MAX_GROUP_MS = 10

interface Pending<DB> {
  change: (trx: Transaction<DB>) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Group commit for SQLite, whose one writer runs transactions one after another anyway: changes
 * that queue up while one runs are applied in ONE database transaction, each inside its own
 * savepoint, and committed together. Each change stays all or nothing (a failing one is rolled
 * back to its savepoint and fails alone) and sees the changes before it, exactly as if it had
 * run alone after them; none is answered before the COMMIT that makes it durable, and if that
 * COMMIT fails every change of the group fails. What the group saves is the cost of a commit
 * (the WAL frames of pages that several changes touch, written once) per change. The first change
 * of a group runs without a savepoint; the group commits once a turn of the event loop brought no
 * further change (so a lone change waits one turn), or when it is full.
 */
export class GroupCommit<DB> {
  readonly #db: Kysely<DB>
  readonly #direct: DirectRun | undefined
  readonly #queue: Pending<DB>[] = []
  #running = false

  /** `direct` runs a statement of the open transaction at once (for `prepared` queries). */
  constructor(db: Kysely<DB>, direct?: DirectRun) {
    this.#db = db
    this.#direct = direct
  }

  /** Runs `change` in the next group; resolves with its result once the group has committed. */
  run<T>(change: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ change, resolve: resolve as (value: unknown) => void, reject })
      if (!this.#running) void this.#drain()
    })
  }

  async #drain(): Promise<void> {
    this.#running = true
    try {
      while (this.#queue.length > 0) await this.#group()
    } finally {
      this.#running = false
    }
  }

  /** One transaction: takes queued changes until the queue is empty or the group is full. */
  async #group(): Promise<void> {
    let trx: ControlledTransaction<DB>
    try {
      trx = await this.#db.startTransaction().execute()
    } catch (error) {
      this.#queue.shift()!.reject(error)
      return
    }
    runDirectly(trx, this.#direct)
    try {
      await this.#apply(trx)
    } finally {
      runDirectly(trx, undefined)
    }
  }

  /** Applies queued changes in `trx`, then commits it (or rolls it back). */
  async #apply(trx: ControlledTransaction<DB>): Promise<void> {
    const applied: { pending: Pending<DB>; value: unknown }[] = []
    const failAll = async (error: unknown) => {
      await trx
        .rollback()
        .execute()
        .catch(() => {})
      for (const { pending } of applied) pending.reject(error)
    }
    const started = Date.now()
    let yielded = false
    while (applied.length < MAX_CHANGES && Date.now() - started < MAX_GROUP_MS) {
      if (this.#queue.length === 0) {
        // Changes run without waiting on anything but SQLite, so the others can only queue up
        // when the event loop turns: give them that one turn before committing.
        if (yielded) break
        await new Promise((resolve) => setImmediate(resolve))
        yielded = true
        continue
      }
      yielded = false
      const pending = this.#queue.shift()!
      if (applied.length === 0) {
        // The first change has the transaction to itself: its failure simply rolls it back.
        try {
          applied.push({ pending, value: await pending.change(trx) })
        } catch (error) {
          await trx
            .rollback()
            .execute()
            .catch(() => {})
          pending.reject(error)
          return
        }
        continue
      }
      try {
        await sql`savepoint grouped_change`.execute(trx)
      } catch (error) {
        pending.reject(error)
        return failAll(error)
      }
      let value: unknown
      try {
        value = await pending.change(trx)
      } catch (error) {
        pending.reject(error)
        try {
          await sql`rollback to grouped_change`.execute(trx)
          await sql`release grouped_change`.execute(trx)
        } catch (lost) {
          // SQLite ended the transaction (I/O error, full disk): the earlier changes are gone too.
          return failAll(lost)
        }
        continue
      }
      try {
        await sql`release grouped_change`.execute(trx)
      } catch (error) {
        pending.reject(error)
        return failAll(error)
      }
      applied.push({ pending, value })
    }
    try {
      await trx.commit().execute()
    } catch (error) {
      return failAll(error)
    }
    for (const { pending, value } of applied) pending.resolve(value)
  }
}
