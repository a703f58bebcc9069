import type { PlatformConfig } from '../config.js'
import type { Tx } from '../db/transaction.js'
import { seedDemoCatalog } from './demo-catalog.js'
import { seedDemoCommerce } from './demo-commerce.js'

/** One part of the demo site: inserts its rows through `trx` (the whole demo is one transaction). */
export type DemoSeeder = (trx: Tx, config: PlatformConfig) => Promise<void>

/**
 * The demo site, part by part, run in this order once, on the first start with `VITRINE_SEED=demo`
 * (the default), all in one transaction with the seed marker: the catalog (products, variants,
 * collections, their pictures served by `GET /media/…`), then coupons, shipping and tax rules.
 * Another part of the demo is a `DemoSeeder` appended here.
 */
export const demoSeeders: readonly DemoSeeder[] = [seedDemoCatalog, seedDemoCommerce]
