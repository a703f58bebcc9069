import { createPrivateKey, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import type { Database } from '../../db/database.js'
import { keepFirst } from '../../db/settings.js'

const generate = promisify(generateKeyPair)

/** The settings row of the RSA key pair (JSON `{publicKey, privateKey}`, both PEM). */
const KEY_SETTING = 'webhook_signing_key'
/** The settings row of the site's instance id (the `instanceId` of every webhook). */
const INSTANCE_SETTING = 'site_instance_id'

/** What signs the site's webhooks. The private key never leaves this object. */
export interface SigningKey {
  /** SPKI PEM: what `GET /_vitrine/webhooks/public-key` serves. */
  readonly publicKey: string
  readonly privateKey: KeyObject
  /** The site's instance id, generated once. */
  readonly instanceId: string
}

const cache = new WeakMap<Database, Promise<SigningKey>>()

async function load(db: Database): Promise<SigningKey> {
  const pair = await keepFirst(db.kysely, KEY_SETTING, async () => {
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    return JSON.stringify({ publicKey, privateKey })
  })
  const instanceId = await keepFirst(db.kysely, INSTANCE_SETTING, randomUUID)
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string }
  return { publicKey, privateKey: createPrivateKey(privateKey), instanceId }
}

/**
 * The site's webhook signing key: an RSA-2048 pair generated on first use and kept in `settings`,
 * so every instance over the same database signs with the same key and a restart keeps it. Loaded
 * once per database.
 */
export function signingKey(db: Database): Promise<SigningKey> {
  let key = cache.get(db)
  if (!key) {
    key = load(db)
    cache.set(db, key)
    key.catch(() => cache.delete(db))
  }
  return key
}
