import type { Selectable } from 'kysely'
import type { MemberStatusReason, MembersTable } from './tables.js'

/** A row of `members`. */
export type Member = Selectable<MembersTable>

/** How a member signs in, on the wire. */
export type WireConnection =
  | { authenticatorConnection: { authenticatorConnectionId: string; reEnrollmentRequired: false } }
  | { idpConnection: { idpConnectionId: string; subject: string } }

/** A member's identity as the provider answers it (wire contract §5.3). */
export interface WireIdentity {
  id: string
  revision: string
  createdDate: string
  updatedDate: string
  connections: WireConnection[]
  identityProfile: Record<string, unknown>
  metadata: { tags: string[] }
  email: { address: string; isVerified: boolean }
  status: { name: string; reasons: MemberStatusReason[] }
  factors: []
}

/** The states of the login and registration state machine (wire contract §5.3). */
export type MachineState =
  'SUCCESS' | 'REQUIRE_OWNER_APPROVAL' | 'REQUIRE_EMAIL_VERIFICATION' | 'STATUS_CHECK'

/** What login, register, verify, recover and proceed answer. */
export interface StateMachineResponse {
  state: MachineState
  /** On `SUCCESS`: exchange it (once, within minutes) for member tokens. */
  sessionToken?: string
  /** On `REQUIRE_*`: continues the flow (`auth/verify`, `state/proceed`). */
  stateToken?: string
  identity?: WireIdentity
}

/** A member's status reasons. */
export const reasonsOf = (member: Pick<Member, 'status_reasons'>): MemberStatusReason[] =>
  JSON.parse(member.status_reasons) as MemberStatusReason[]

/** A member's profile. */
export const profileOf = (member: Pick<Member, 'profile'>): Record<string, unknown> =>
  JSON.parse(member.profile) as Record<string, unknown>

/** The wire identity of `member`; `idpLinks` are its identity-provider accounts. */
export function toWireIdentity(
  member: Member,
  idpLinks: readonly { idp_connection_id: string; subject: string }[] = [],
): WireIdentity {
  const connections: WireConnection[] = idpLinks.map((link) => ({
    idpConnection: { idpConnectionId: link.idp_connection_id, subject: link.subject },
  }))
  if (member.password_hash)
    connections.unshift({
      authenticatorConnection: {
        authenticatorConnectionId: 'password',
        reEnrollmentRequired: false,
      },
    })
  return {
    id: member.identity_id,
    revision: String(member.revision),
    createdDate: member.created_date,
    updatedDate: member.updated_date,
    connections,
    identityProfile: profileOf(member),
    metadata: { tags: [] },
    email: { address: member.email, isVerified: member.email_verified === 1 },
    status: { name: member.status, reasons: reasonsOf(member) },
    factors: [],
  }
}
