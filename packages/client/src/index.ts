// The public API, value by value: never `export *` of values (some bundlers lose the values of an
// `export *` whose module is also loaded through `import()`, as the member flows are).
export { createClient } from './client/create-client.js'
export type {
  Client,
  ClientOptions,
  Module,
  BoundModule,
  Operation,
  Enumeration,
} from './client/create-client.js'
// The pipeline is public on purpose: a `Module` is operations over an `Http`, so an app can write a
// module of its own for a call this package does not cover.
export { createHttp, PROVIDER_URL, MAX_QUERY_LENGTH } from './http/pipeline.js'
export type { CallOptions, Http, HttpOptions, PipelineCallOptions } from './http/pipeline.js'
export type { RetryOptions } from './http/retry.js'
export type { Codec, Convert, Endpoint, Method } from './http/endpoint.js'
export { ApiError, isApiError, TOKENS_UNAVAILABLE } from './errors/api-error.js'
export type { ApiErrorKind, ApiErrorInit, FieldViolation } from './errors/api-error.js'
export { toApiError } from './errors/from-response.js'
export { encodeImage, decodeImage, encodeVideo, decodeVideo } from './codec/media.js'
export type { WireImage, WireVideo } from './codec/media.js'
// The media helpers as one namespace, `media`, as the official client's: a bundler keeps only the
// helpers an app calls, and `client.use(media)` binds them all to the client's host.
import * as media from './media/helpers.js'
export { media }
export {
  VideoResolution,
  type MediaHelper,
  type MediaImageUrl,
  type MediaVideoUrl,
  type MediaAudioUrl,
  type MediaDocumentUrl,
  type ImageTransformOptions,
} from './media/index.js'
export { borrowAuth } from './auth/strategy.js'
export { CAPTCHA_ERROR_CODES, needsCaptcha } from './auth/captcha.js'
export type { AuthStrategy, AuthHeaders } from './auth/strategy.js'

export { currentCart } from './cart/current-cart.js'
export type * from './cart/types.js'
export {
  products,
  collections,
  catalogWriter,
  ElevatedClientRequiredError,
} from './catalog/index.js'
export type * from './catalog/index.js'
export type {
  Comparable,
  FilterBuilder,
  QueryBuilder,
  QueryAnswer,
  QueryFunction,
  QueryObject,
  QueryResult,
  SearchBuilder,
  SearchFunction,
  SearchResult,
} from './query/query-builder.js'
export type * from './query/types.js'
export { orders, orderFulfillments } from './orders/index.js'
export type * from './orders/index.js'
export { members } from './members/members.js'
export type * from './members/types.js'
export { redirects, createRedirectSession } from './redirects/redirect-sessions.js'
export type * from './redirects/types.js'
export { recommendations } from './recommendations/recommendations.js'
export type * from './recommendations/types.js'
// The member identity calls themselves (authentication, recovery, verification) are the entry
// `@vitrine/client/identity`; their types are exported here too.
export type * from './identity/types.js'
export {
  OAuthStrategy,
  ApiKeyStrategy,
  tokenInfo,
  memoryTokenStorage,
  browserTokenStorage,
  cookieTokenStorage,
} from './auth/index.js'
export type * from './auth/index.js'
export { createWebhooks, WebhookError, isWebhookError } from './webhooks/index.js'
export type * from './webhooks/index.js'
export {
  STORES_APP_ID,
  DescriptionLineType,
  ItemAvailabilityStatus,
  ItemType,
  SubscriptionFrequency,
  FileType,
  PaymentOptionType,
  TaxableAddressType,
  WeightUnit,
  VatType,
  JurisdictionType,
  RateType,
  ManualCalculationReason,
  FallbackReason,
  PickupMethod,
  ChargeType,
  DiscountType,
  RuleType,
  Severity,
  ChannelType,
  IdentityType,
} from './enums/commerce.js'
export {
  ProductType,
  InventoryStatus,
  MeasurementUnit,
  MediaType,
  OptionType,
  ProductDiscountType,
  CatalogVersion,
  SortOrder,
} from './enums/catalog.js'
export {
  LocationType,
  Prompt,
  MembersAccountSection,
  CallbackType,
  Status,
  RedirectStatus,
} from './enums/redirect.js'
export { AlgorithmType } from './enums/recommendation.js'
export {
  IdentityStatus,
  StatusReason,
  TenantType,
  PrivacyStatus,
  EmailTag,
  PhoneTag,
  AddressTag,
  TokenRole,
  VerificationTarget,
  LoginState,
  StateMachineState,
} from './enums/identity.js'
