import {
  ApiKeyStrategy,
  catalogWriter,
  collections,
  createClient,
  OAuthStrategy,
  products,
  type ApiError,
  type AuthStrategy,
} from '@vitrine/client'
import type { DialectName } from '../db/database.js'
import { startPlatform, type TestPlatform } from './platform.js'

const modules = { products, collections, catalogWriter }

/** A client of the catalog modules with `auth`. */
export const catalogClient = (baseUrl: string, auth?: AuthStrategy) =>
  createClient({ modules, auth, baseUrl })

/** A catalog client. */
export type CatalogClient = ReturnType<typeof catalogClient>

/** A platform with an empty catalog and clients for each kind of caller. */
export interface CatalogPlatform {
  platform: TestPlatform
  /** The admin key (`ApiKeyStrategy`): elevated. */
  admin: CatalogClient
  /** A visitor (`OAuthStrategy`). */
  visitor: CatalogClient
  /**
   * A visitor whose strategy claims to be elevated, so that the client sends writer calls and
   * the platform's 403 can be seen.
   */
  visitorAsWriter: CatalogClient
  /** No `Authorization` at all (the writer calls are let through to see the 401). */
  nobody: CatalogClient
  /** Rows of the `events` table, oldest first, optionally of one type suffix (`ProductCreated`). */
  events(type?: string): Promise<{ eventType: string; payload: any; identity: any }[]>
  close(): Promise<void>
}

/** Starts a platform with no demo data, and its catalog clients. */
export async function startCatalog(dialect: DialectName): Promise<CatalogPlatform> {
  const platform = await startPlatform(dialect, { seed: 'none' })
  const { baseUrl } = platform
  const visitorAuth = OAuthStrategy({ clientId: 'demo-storefront' })
  const visitor = catalogClient(baseUrl, visitorAuth)
  return {
    platform,
    admin: catalogClient(baseUrl, ApiKeyStrategy({ apiKey: platform.adminKey })),
    visitor,
    visitorAsWriter: catalogClient(baseUrl, {
      elevated: true,
      getAuthHeaders: () => visitorAuth.getAuthHeaders(),
    }),
    nobody: catalogClient(baseUrl, { elevated: true, getAuthHeaders: () => ({ headers: {} }) }),
    async events(type) {
      let query = platform.app.platform.db.kysely
        .selectFrom('events')
        .select(['event_type', 'payload', 'identity'])
        .orderBy('created_date')
        .orderBy('id')
      if (type) query = query.where('event_type', '=', `com.wix.ecommerce.catalog.api.v1.${type}`)
      return (await query.execute()).map((row) => ({
        eventType: row.event_type,
        payload: JSON.parse(row.payload),
        identity: JSON.parse(row.identity),
      }))
    },
    close: () => platform.close(),
  }
}

export { rejection } from './rejection.js'

/** The field of every violation of a 400. */
export const violatedFields = (error: ApiError): string[] =>
  (error.fieldViolations ?? []).map((violation) => violation.field)
