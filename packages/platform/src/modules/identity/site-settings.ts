import type { Kysely } from 'kysely'
import type { PlatformConfig } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, transaction } from '../../db/transaction.js'

/** How the site lets members in. */
export interface SiteSettings {
  /** New members verify their e-mail with a mailed code before their first login. */
  emailVerificationRequired: boolean
  /** New members wait for the owner's approval (`POST /_vitrine/members/{id}/approve`). */
  ownerApprovalRequired: boolean
  /** Register and login need a valid captcha token. */
  captchaRequired: boolean
}

const KEY = 'identity.site_settings'

/**
 * The settings before an owner changed any: the demo site (`VITRINE_SEED=demo`) requires e-mail
 * verification; a bare site requires nothing.
 */
export const defaultSiteSettings = (config: PlatformConfig): SiteSettings => ({
  emailVerificationRequired: config.seed === 'demo',
  ownerApprovalRequired: false,
  captchaRequired: false,
})

/** The site's settings (kept in `settings`, shared by every instance). */
export async function readSiteSettings(
  db: Kysely<Schema>,
  config: PlatformConfig,
): Promise<SiteSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst()
  const stored = row ? (JSON.parse(row.value) as Partial<SiteSettings>) : {}
  return { ...defaultSiteSettings(config), ...stored }
}

/**
 * Changes the given settings, keeps the others; returns them all. The row is locked while it is
 * read and written, so concurrent changes of different settings all stay.
 */
export function updateSiteSettings(
  db: Database,
  config: PlatformConfig,
  changes: Partial<SiteSettings>,
): Promise<SiteSettings> {
  return transaction(db, async (trx) => {
    await forUpdate(db, trx.selectFrom('settings').select('key').where('key', '=', KEY)).execute()
    const settings = { ...(await readSiteSettings(trx, config)), ...changes }
    const value = JSON.stringify(settings)
    await trx
      .insertInto('settings')
      .values({ key: KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
    return settings
  })
}
