/* The redirect sessions' table, owned by the redirects module. Migration: 0003-commerce.ts. */

/** A redirect session: where a shopper is sent for a hosted flow. */
export interface RedirectSessionsTable {
  id: string
  /** The intent: `ecomCheckout`, `storesProduct`, `login`, `logout`, `auth`, … */
  intent: string
  /** JSON of the whole create request (intent, callbacks, preferences). */
  request: string
  client_id: string | null
  identity_id: string | null
  full_url: string
  created_date: string
  expires_at: string
}

/** The redirects part of the database schema. */
export interface RedirectTables {
  redirect_sessions: RedirectSessionsTable
}
