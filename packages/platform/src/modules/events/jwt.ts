import { sign, type KeyObject } from 'node:crypto'
import { OWNER_IDENTITY_ID } from '../../auth/identities.js'
import type { SigningKey } from './signing-key.js'

const HEADER = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url')

/** How long a signed webhook is valid, in seconds (each attempt is signed anew). */
export const WEBHOOK_JWT_TTL_SECONDS = 300

/** Signs `claims` as a compact RS256 JWT (`RSASSA-PKCS1-v1_5` with SHA-256). */
export function signJwt(privateKey: KeyObject, claims: Record<string, unknown>): string {
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  const signature = sign('RSA-SHA256', Buffer.from(input), privateKey)
  return `${input}.${signature.toString('base64url')}`
}

/** An event as the outbox stores it: `payload` and `identity` are JSON text. */
export interface StoredEvent {
  event_type: string
  payload: string
  identity: string
}

/**
 * The signed webhook of `event` (wire-contract §6.2): a JWT whose claim `data` is the string
 * `JSON.stringify({eventType, instanceId, accountInfo, identity: <JSON string>, data: <JSON
 * string of the payload>})`, valid {@link WEBHOOK_JWT_TTL_SECONDS} from `now`.
 */
export function webhookJwt(key: SigningKey, event: StoredEvent, now = Date.now()): string {
  const iat = Math.floor(now / 1000)
  const data = JSON.stringify({
    eventType: event.event_type,
    instanceId: key.instanceId,
    accountInfo: { accountId: OWNER_IDENTITY_ID, siteId: key.instanceId },
    // Stored as JSON text already: exactly JSON.stringify(identity) and JSON.stringify(payload).
    identity: event.identity,
    data: event.payload,
  })
  return signJwt(key.privateKey, { data, iat, exp: iat + WEBHOOK_JWT_TTL_SECONDS })
}
