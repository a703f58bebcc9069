export { createClient } from './client/create-client.js'
export type {
  Client,
  ClientOptions,
  Module,
  BoundModule,
  Operation,
} from './client/create-client.js'
export { createHttp, PROVIDER_URL, MAX_QUERY_LENGTH } from './http/pipeline.js'
export type { CallOptions, Http, HttpOptions } from './http/pipeline.js'
export type { RetryOptions } from './http/retry.js'
export type { Codec, Convert, Endpoint } from './http/endpoint.js'
export { ApiError, isApiError, TOKENS_UNAVAILABLE } from './errors/api-error.js'
export type { ApiErrorKind, ApiErrorInit, FieldViolation } from './errors/api-error.js'
export { toApiError } from './errors/from-response.js'
export { encodeImage, decodeImage, encodeVideo, decodeVideo } from './codec/media.js'
export type { WireImage, WireVideo } from './codec/media.js'
export type { AuthStrategy, AuthHeaders } from './auth/strategy.js'

export { currentCart } from './cart/current-cart.js'
export type * from './cart/types.js'
export * from './catalog/index.js'
export * from './redirects/index.js'
export * from './identity/index.js'
export * from './auth/index.js'
export * from './webhooks/index.js'
export * from './enums/index.js'
