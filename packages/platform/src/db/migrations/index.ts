import type { Migration } from 'kysely'
import * as foundation from './0001-foundation.js'
import * as catalog from './0002-catalog.js'
import * as commerce from './0003-commerce.js'
import * as events from './0004-events.js'
import * as catalogExtra from './0005-catalog-extra.js'
import * as commerceExtra from './0006-commerce-extra.js'
import * as identity from './0007-identity.js'
import * as authorizationCodes from './0008-authorization-codes.js'
import * as platformSessions from './0009-platform-sessions.js'
import * as orders from './0010-orders.js'
import * as authorizationCodeSessions from './0011-authorization-code-sessions.js'
import * as productViews from './0012-product-views.js'
import * as productViewBytes from './0013-product-view-bytes.js'
import * as secretColumns from './0014-secret-columns.js'
import * as dropStoredProductViews from './0015-drop-stored-product-views.js'
import * as lineImagePaths from './0016-line-image-paths.js'
import * as orderSearch from './0017-order-search.js'
import * as memberProfile from './0018-member-profile.js'
import * as orderFulfillments from './0019-order-fulfillments.js'
import * as memberSignedOut from './0020-member-signed-out.js'
import * as productDocuments from './0021-product-documents.js'

/**
 * Every migration, in order. Names sort in the order they run; a module adds
 * `NNNN-<module>.ts` (Kysely schema builder only, so it runs on SQLite and PostgreSQL alike) and
 * lists it here. A migration that has run is never edited: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-catalog': catalog,
  '0003-commerce': commerce,
  '0004-events': events,
  '0005-catalog-extra': catalogExtra,
  '0006-commerce-extra': commerceExtra,
  '0007-identity': identity,
  '0008-authorization-codes': authorizationCodes,
  '0009-platform-sessions': platformSessions,
  '0010-orders': orders,
  '0011-authorization-code-sessions': authorizationCodeSessions,
  '0012-product-views': productViews,
  '0013-product-view-bytes': productViewBytes,
  '0014-secret-columns': secretColumns,
  '0015-drop-stored-product-views': dropStoredProductViews,
  '0016-line-image-paths': lineImagePaths,
  '0017-order-search': orderSearch,
  '0018-member-profile': memberProfile,
  '0019-order-fulfillments': orderFulfillments,
  '0020-member-signed-out': memberSignedOut,
  '0021-product-documents': productDocuments,
}
