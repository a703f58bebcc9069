import type { FastifyRequest } from 'fastify'
import { isElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import type { ProductViewOptions } from './product-view.js'

/** Who reads the catalog: anyone with an identity; elevated callers also see hidden items. */
export interface Reader {
  elevated: boolean
}

/** The reader of `request` (401 without a valid identity). */
export function reader(request: FastifyRequest): Reader {
  requireIdentity(request)
  return { elevated: isElevated(request) }
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
    publicUrl: ctx.config.publicUrl,
  }
}
