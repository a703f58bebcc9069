import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { createState, finishState, type IssuedState } from './auth-states.js'
import { wireIdentity } from './members.js'
import { issueSessionToken } from './sessions.js'
import type { AuthStatePurpose } from './tables.js'
import { issueCode } from './verification-codes.js'
import { reasonsOf, type Member, type StateMachineResponse } from './wire.js'

/**
 * The next step of a login or registration for `member` (wire contract §5.3), once its
 * credentials are proven:
 * - blocked or deleted → `STATUS_CHECK`;
 * - e-mail not verified yet (`PENDING_EMAIL_VERIFICATION_REQUIRED`) → `REQUIRE_EMAIL_VERIFICATION`
 *   with a `stateToken`, and a 6-digit code mailed;
 * - waiting for the owner (`PENDING_ADMIN_APPROVAL_REQUIRED`) → `REQUIRE_OWNER_APPROVAL` with a
 *   `stateToken` that `state/proceed` continues once approved;
 * - active → `SUCCESS` with a new `sessionToken`, bound to OAuth client `clientId` (the caller's:
 *   only that client can spend it, see `secretHash`).
 * `continuing` is the state token the call came with: kept while the member still waits for the
 * same step (no new code is mailed), closed once the flow moves on. Run it in the step's
 * transaction.
 */
export async function nextState(
  trx: Kysely<Schema>,
  member: Member,
  clientId: string | null,
  continuing?: IssuedState,
): Promise<StateMachineResponse> {
  const identity = await wireIdentity(trx, member)
  if (member.status === 'BLOCKED' || member.status === 'DELETED') {
    if (continuing) await finishState(trx, continuing.token)
    return { state: 'STATUS_CHECK', identity }
  }
  const wait = async (purpose: AuthStatePurpose) => {
    if (continuing?.state.purpose === purpose) return continuing.token
    if (continuing) await finishState(trx, continuing.token)
    const issued = await createState(trx, member.identity_id, purpose)
    if (purpose === 'EMAIL_VERIFICATION') await issueCode(trx, issued.state.id, member.email)
    return issued.token
  }
  const reasons = reasonsOf(member)
  if (member.status === 'PENDING' && reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED'))
    return {
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: await wait('EMAIL_VERIFICATION'),
      identity,
    }
  if (member.status === 'PENDING')
    return { state: 'REQUIRE_OWNER_APPROVAL', stateToken: await wait('OWNER_APPROVAL'), identity }
  if (continuing) await finishState(trx, continuing.token)
  return {
    state: 'SUCCESS',
    sessionToken: await issueSessionToken(trx, member.identity_id, clientId),
    identity,
  }
}
