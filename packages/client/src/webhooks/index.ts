export { createWebhooks } from './create-webhooks.js'
export { WebhookError, isWebhookError } from './webhook-error.js'
export type { WebhookErrorCode } from './webhook-error.js'
export type * from './types.js'
