import type { FastifyRequest } from 'fastify'
import type { CallerIdentity } from '../../auth/caller.js'
import { requireIdentity } from '../../auth/guards.js'
import { ELEVATED_TYPES } from '../../auth/identities.js'
import type { PlatformContext } from '../../context.js'
import type { EventIdentity } from '../events/emit.js'
import type { ProductViewOptions } from './product-view.js'

/** Who reads the catalog: anyone with an identity; elevated callers also see hidden items. */
export interface Reader {
  elevated: boolean
}

/** The reader of `request` (401 without a valid identity). */
export function reader(request: FastifyRequest): Reader {
  const identity = requireIdentity(request)
  return { elevated: !!request.apiKey || ELEVATED_TYPES.has(identity.type) }
}

/** How products are shown to `reader`: cost and profit only when elevated and asked for. */
export function viewOptions(
  ctx: PlatformContext,
  reader: Reader,
  includeMerchantSpecificData = false,
): ProductViewOptions {
  return {
    merchant: reader.elevated && includeMerchantSpecificData,
    base: ctx.config.allowedOrigins[0] ?? '',
  }
}

/** The `identity` of the events a caller's write emits (wire-contract §6.2). */
export function eventIdentity(caller: CallerIdentity): EventIdentity {
  switch (caller.type) {
    case 'WIX_USER':
      return { identityType: 'WIX_USER', wixUserId: caller.id }
    case 'APP':
      return { identityType: 'APP', appId: caller.id }
    case 'MEMBER':
      return { identityType: 'MEMBER', memberId: caller.id }
    case 'ANONYMOUS_VISITOR':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.id }
  }
}
