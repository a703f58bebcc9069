import type { SecretColumns } from '../../auth/secrets.js'

/*
 * Identity tables: members and their sessions (session tokens, platform sessions), login states
 * and verification codes, recovery tokens, the dev mailbox, rate-limit events, identity-provider
 * connections and used captcha tokens. Secrets (session, state and recovery tokens, codes,
 * platform session cookies) are tables of secrets (auth/secrets.ts: stored as SHA-256 hex only);
 * passwords are scrypt. Site settings live in the foundation's `settings` table. Migrations:
 * db/migrations/0007-identity.ts, 0009-platform-sessions.ts.
 */

/** A member's status (SPEC §3, identity status). */
export type MemberStatus = 'PENDING' | 'ACTIVE' | 'BLOCKED' | 'DELETED'

/** Why a member is `PENDING` (SPEC §3, status reason). */
export type MemberStatusReason =
  'PENDING_EMAIL_VERIFICATION_REQUIRED' | 'PENDING_ADMIN_APPROVAL_REQUIRED'

/** A site member: the `MEMBER` identity of the same id, with credentials and profile. */
export interface MembersTable {
  identity_id: string
  /** As registered. */
  email: string
  /** Lower-cased e-mail: unique, so an address registers once whatever its case. */
  email_key: string
  /** 0/1. */
  email_verified: number
  /** `scrypt$N$r$p$<salt>$<hash>` (base64url), or null for a member without a password. */
  password_hash: string | null
  status: MemberStatus
  /** JSON array of {@link MemberStatusReason}. */
  status_reasons: string
  /** JSON identity profile (`firstName`, `lastName`, `nickname`, `picture`, `customFields`, …). */
  profile: string
  /** The member's chosen slug (case-sensitive, unique), or null: migration 0018. */
  slug: string | null
  /** When the member was last signed out everywhere, or null: migration 0020. */
  signed_out_at: string | null
  /** Bumped on every change (the wire's `revision`). */
  revision: number
  created_date: string
  updated_date: string
}

/**
 * A session token: proof of a successful login, exchanged once (within minutes) for member
 * tokens or an authorization code.
 */
export interface MemberSessionsTable extends SecretColumns {
  identity_id: string
}

/**
 * A platform session: the hosted sign-in's own session, kept in an HttpOnly cookie (oauth sets
 * it) so that a later `prompt=none` signs the member in silently. Ended with every other session
 * of the member by `signOutEverywhere` (sessions.ts).
 */
export interface PlatformSessionsTable extends SecretColumns {
  identity_id: string
}

/** What a state token waits for. */
export type AuthStatePurpose = 'EMAIL_VERIFICATION' | 'OWNER_APPROVAL'

/**
 * A login or registration that needs a further step; its `stateToken` continues it. Used once the
 * state led to a session (or was replaced).
 */
export interface AuthStatesTable extends SecretColumns {
  identity_id: string
  purpose: AuthStatePurpose
}

/** A 6-digit code mailed for an e-mail verification state (its hash bound to the state). */
export interface VerificationCodesTable extends SecretColumns {
  state_id: string
  /** Wrong guesses so far; the code is dead at the limit. */
  attempts: number
}

/** What a recovery token was mailed for. */
export type RecoveryKind = 'RECOVERY' | 'ACTIVATION'

/** A single-use token of a password-recovery or activation link. */
export interface RecoveryTokensTable extends SecretColumns {
  identity_id: string
  kind: RecoveryKind
}

/** An e-mail the platform would have sent: the dev mailbox. */
export interface MailTable {
  id: string
  to_address: string
  /** Lower-cased recipient, for `?to=`. */
  to_key: string
  subject: string
  text: string
  html: string
  /** `VERIFICATION_CODE`, `RECOVERY_LINK`, `ACTIVATION_LINK`, `MEMBER_APPROVED`. */
  kind: string
  code: string | null
  link: string | null
  created_date: string
}

/** One counted attempt in a rate-limit bucket (e.g. a failed login for an e-mail). */
export interface RateLimitEventsTable {
  id: string
  /** `<rule>:<key>`, the key hashed when it is an e-mail. */
  bucket: string
  created_date: string
}

/** An identity provider the site trusts for SSO: its id_tokens are RS256-signed by `public_key`. */
export interface IdpConnectionsTable {
  id: string
  name: string
  /** SPKI PEM. */
  public_key: string
  issuer: string
  audience: string
  created_date: string
}

/** A member's account at an identity provider (`sub` of its id_tokens). */
export interface MemberIdpLinksTable {
  idp_connection_id: string
  subject: string
  identity_id: string
  created_date: string
}

/** A captcha token already spent (tokens are single-use), kept until it would have expired. */
export interface CaptchaNoncesTable {
  nonce: string
  expires_at: string
}

/** The identity module's tables (migrations 0007 and 0009). */
export interface IdentityTables {
  members: MembersTable
  member_sessions: MemberSessionsTable
  platform_sessions: PlatformSessionsTable
  auth_states: AuthStatesTable
  verification_codes: VerificationCodesTable
  recovery_tokens: RecoveryTokensTable
  mail: MailTable
  rate_limit_events: RateLimitEventsTable
  idp_connections: IdpConnectionsTable
  member_idp_links: MemberIdpLinksTable
  captcha_nonces: CaptchaNoncesTable
}
