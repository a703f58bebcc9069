import type { PlatformConfig } from '../config.js'
import type { Tx } from '../db/transaction.js'

/** One part of the demo site: inserts its rows through `trx` (the whole demo is one transaction). */
export type DemoSeeder = (trx: Tx, config: PlatformConfig) => Promise<void>

/**
 * The demo site, part by part, run in this order once, on the first start with `VITRINE_SEED=demo`
 * (the default). THIS IS WHERE THE DEMO DATA GOES: the catalog module appends its products and
 * collections seeder, the cart module its coupons, shipping and tax rules — each a `DemoSeeder`
 * in its own module (`modules/<service>/seed.ts`), listed here.
 */
export const demoSeeders: readonly DemoSeeder[] = []
