import type { PlatformModule } from '../module.js'
import { eventsRoutes } from './routes.js'

/**
 * Events: the outbox (`emit`), signed webhooks (`/_vitrine/webhooks…`, delivered by
 * `startDeliveryWorker`), the server-sent events stream (`/_vitrine/events/stream`) and the
 * retention of old events and deliveries (`sweepEvents`).
 */
export const eventsModule: PlatformModule = { name: 'events', routes: eventsRoutes }

export { domainEvent, emit, eventIdentity, type EventIdentity } from './emit.js'
export { EVENT_TYPES } from './event-types.js'
export { startDeliveryWorker } from './delivery.js'
export { sweepEvents } from './retention.js'
