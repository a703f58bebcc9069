import { SignJWT } from 'jose'
import { OWNER_IDENTITY_ID } from '../../auth/identities.js'
import type { SigningKey } from './signing-key.js'
import type { EventsTable } from './tables.js'

/** How long a signed webhook is valid, in seconds (each attempt is signed anew). */
export const WEBHOOK_JWT_TTL_SECONDS = 300

/** An event as the outbox stores it: `payload` and `identity` are JSON text. */
export type StoredEvent = Pick<EventsTable, 'event_type' | 'payload' | 'identity'>

/**
 * The signed webhook of `event` (wire-contract §6.2): a compact RS256 JWT whose claim `data` is
 * the string `JSON.stringify({eventType, instanceId, accountInfo, identity: <JSON string>, data:
 * <JSON string of the payload>})`, valid {@link WEBHOOK_JWT_TTL_SECONDS} from `now`.
 */
export function webhookJwt(key: SigningKey, event: StoredEvent, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000)
  const data = JSON.stringify({
    eventType: event.event_type,
    instanceId: key.instanceId,
    accountInfo: { accountId: OWNER_IDENTITY_ID, siteId: key.instanceId },
    // Stored as JSON text already: exactly JSON.stringify(identity) and JSON.stringify(payload).
    identity: event.identity,
    data: event.payload,
  })
  return new SignJWT({ data })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + WEBHOOK_JWT_TTL_SECONDS)
    .sign(key.privateKey)
}
