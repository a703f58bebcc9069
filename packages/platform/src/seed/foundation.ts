import type { PlatformConfig } from '../config.js'
import type { Tx } from '../db/transaction.js'
import { setApiKey } from '../auth/api-keys.js'
import { OWNER_IDENTITY_ID } from '../auth/identities.js'
import { newSecret } from '../auth/secrets.js'
import { keepFirst } from '../db/settings.js'

/** The settings key of the generated admin key (kept so that restarts print the same key). */
const GENERATED_ADMIN_KEY = 'generated_admin_key'

/**
 * What every platform needs, demo or not, brought in line with `config` on each start (safe when
 * several instances start at once): the site owner, the admin key (`VITRINE_ADMIN_KEY`, else one
 * generated once and kept), and the storefront's OAuth client with exactly the configured
 * origins. Returns the admin key in effect.
 */
export async function seedFoundation(trx: Tx, config: PlatformConfig): Promise<string> {
  const now = new Date().toISOString()
  await trx
    .insertInto('identities')
    .values({
      id: OWNER_IDENTITY_ID,
      type: 'WIX_USER',
      email: null,
      created_date: now,
      updated_date: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()

  const adminKey = config.adminKey || (await keepFirst(trx, GENERATED_ADMIN_KEY, newSecret))
  await setApiKey(trx, 'admin', adminKey, OWNER_IDENTITY_ID)

  await trx
    .insertInto('oauth_clients')
    .values({ id: config.clientId, name: 'Storefront', created_date: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await trx.deleteFrom('oauth_client_origins').where('client_id', '=', config.clientId).execute()
  if (config.allowedOrigins.length)
    await trx
      .insertInto('oauth_client_origins')
      .values(config.allowedOrigins.map((origin) => ({ client_id: config.clientId, origin })))
      .onConflict((oc) => oc.columns(['client_id', 'origin']).doNothing())
      .execute()
  return adminKey
}
