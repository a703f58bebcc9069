import { guard } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import type { SchemaApp } from '../../http/schema.js'
import { getRecommendationBody } from './schema.js'
import { getRecommendation, listAvailableAlgorithms } from './service.js'

/**
 * The recommendations service (docs/wire-recommendations.md R.1), for any identity (a visitor
 * token works), on both of the provider's paths: `/v1/recommendations/…`, which its client
 * sends, and `/ecom/v1/recommendations/…`.
 */
export function recommendationRoutes(app: SchemaApp, ctx: PlatformContext): void {
  const onRequest = guard.identity
  for (const prefix of ['/v1/recommendations', '/ecom/v1/recommendations']) {
    app.get(`${prefix}/algorithms`, { onRequest }, listAvailableAlgorithms)
    app.post(`${prefix}/get`, { onRequest, schema: { body: getRecommendationBody } }, (request) =>
      getRecommendation(ctx, request.body),
    )
  }
}
