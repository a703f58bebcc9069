import type { Selectable } from 'kysely'
import type { SecretColumns } from '../auth/secrets.js'
import type { CommerceTables } from '../modules/cart/tables.js'
import type { CatalogTables } from '../modules/catalog/tables.js'
import type { EventTables } from '../modules/events/tables.js'
import type { IdentityTables } from '../modules/identity/tables.js'
import type { OAuthTables } from '../modules/oauth/tables.js'
import type { OrdersTables } from '../modules/orders/tables.js'
import type { RedirectTables } from '../modules/redirects/tables.js'

/*
 * The tables, as Kysely sees them. Conventions, for both dialects alike:
 * - ids are text (UUIDs or provider-style ids), column names snake_case;
 * - instants are ISO-8601 UTC text (`new Date().toISOString()`): they sort and compare as text and
 *   are already the wire's form;
 * - no boolean columns (better-sqlite3 cannot bind `true`): a nullable instant (`revoked_at`) or an
 *   integer 0/1;
 * - secrets are stored as SHA-256 hex only: each table of secrets has the `SecretColumns` of
 *   auth/secrets.ts, whose functions issue, find, consume, revoke and sweep them.
 * A module adds its tables to `Schema` below and creates them in a new migration file.
 */

/** Site-wide key/value settings (the generated admin key, seed markers, …). */
export interface SettingsTable {
  key: string
  value: string
}

/** An OAuth client (a storefront). */
export interface OAuthClientsTable {
  id: string
  name: string
  created_date: string
}

/** The origins a client may call from (CORS) and redirect to (hosted flows). */
export interface OAuthClientOriginsTable {
  client_id: string
  origin: string
}

/** Who a token or key stands for. */
export type IdentityType = 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP'

/** A visitor, member, site user (merchant) or app. */
export interface IdentitiesTable {
  id: string
  type: IdentityType
  email: string | null
  created_date: string
  updated_date: string
}

/** An API key (the admin key): elevated calls on behalf of its identity. */
export interface ApiKeysTable extends SecretColumns {
  /** Unique: `admin` is the key of `VITRINE_ADMIN_KEY`. */
  name: string
  identity_id: string
}

/** The two kinds of OAuth token. */
export type TokenKind = 'access' | 'refresh'

/** An access or refresh token. */
export interface TokensTable extends SecretColumns {
  kind: TokenKind
  identity_id: string
  client_id: string
  /** Access tokens: the refresh token that issued them (revoking it revokes them). */
  refresh_token_id: string | null
}

/** The foundation's tables (migration 0001). */
export interface FoundationTables {
  settings: SettingsTable
  oauth_clients: OAuthClientsTable
  oauth_client_origins: OAuthClientOriginsTable
  identities: IdentitiesTable
  api_keys: ApiKeysTable
  tokens: TokensTable
}

/**
 * The whole database. A module declares its tables in `modules/<service>/tables.ts` as one
 * interface (e.g. `CatalogTables`) and adds it here: `FoundationTables & CatalogTables & …`.
 */
export type Schema = FoundationTables &
  CatalogTables &
  CommerceTables &
  RedirectTables &
  OrdersTables &
  EventTables &
  IdentityTables &
  OAuthTables

/** A row of `identities`. */
export type Identity = Selectable<IdentitiesTable>
