import { EVENTS, EVENTS_BY_TYPE, toEnvelope } from './events.js'
import { importPublicKey, parseJson, verifyJwt } from './jwt.js'
import type {
  AccountInfo,
  EventRegistrations,
  WebhookHandler,
  WebhookIdentity,
  WebhookMessage,
  Webhooks,
  WebhooksOptions,
} from './types.js'
import { WebhookError } from './webhook-error.js'

const malformed = (message: string) => new WebhookError('MALFORMED', message)
const json = (value: unknown, what: string) =>
  typeof value === 'string' ? parseJson(value, what) : value

/**
 * Reads the webhook out of verified claims (wire-contract §6.2): the claim `data` is a JSON string
 * `{eventType, instanceId, accountInfo, identity, data}` whose `identity` and `data` are JSON
 * strings themselves.
 */
export function readWebhook(claims: Record<string, unknown>): WebhookMessage {
  if (typeof claims.data !== 'string') {
    throw malformed('The webhook JWT\'s "data" claim is not a string')
  }
  const body = parseJson(claims.data, '"data" claim') as Record<string, unknown> | null
  const { eventType, instanceId, accountInfo, identity, data } = body ?? {}
  if (typeof eventType !== 'string') throw malformed('The webhook has no event type')
  if (typeof instanceId !== 'string') throw malformed('The webhook has no instance id')
  return {
    instanceId,
    eventType,
    payload: json(data, 'event payload'),
    identity: json(identity, 'identity') as WebhookIdentity | undefined,
    accountInfo: accountInfo as AccountInfo | undefined,
  }
}

/**
 * Receives the provider's webhooks: verifies each signed event (an RS256 JWT) with the app's public
 * key and dispatches it to the handlers registered for its type, in the envelope of wire-contract
 * §6.1 (dates as `Date`, cart images as `wix:image://` strings, wire field names).
 *
 * @example
 * const webhooks = createWebhooks({ publicKey: process.env.WIX_PUBLIC_KEY })
 * webhooks.onCartUpdated(async ({ entity, metadata }) => refresh(entity.id, metadata.eventTime))
 * export const POST = async (request: Request) => {
 *   await webhooks.processRequest(request)
 *   return new Response(null, { status: 200 })
 * }
 */
export function createWebhooks(options: WebhooksOptions): Webhooks {
  let key: Promise<CryptoKey> | undefined
  const handlers = new Map<string, Set<WebhookHandler<unknown>>>()

  const subscribe = (type: string, handler: WebhookHandler<never>) => {
    // A fresh function per registration, so the same handler registered twice runs twice.
    const own: WebhookHandler<unknown> = (event) => handler(event as never)
    const set = handlers.get(type) ?? new Set()
    handlers.set(type, set.add(own))
    return () => {
      set.delete(own)
      if (set.size === 0 && handlers.get(type) === set) handlers.delete(type)
    }
  }

  const parseJWT = async (jwt: string) =>
    readWebhook(
      await verifyJwt(jwt, (key ??= importPublicKey(options.publicKey)), options.clockTolerance),
    )

  const process: Webhooks['process'] = async (jwt, { expectedEvents = [] } = {}) => {
    const message = await parseJWT(jwt)
    const { eventType } = message
    const registered = [...(handlers.get(eventType) ?? [])]
    const restricted = expectedEvents.length > 0 || handlers.size > 0
    if (restricted && registered.length === 0 && !expectedEvents.includes(eventType)) {
      throw new WebhookError('UNEXPECTED_EVENT', `Unexpected event type: ${eventType}`)
    }
    const definition = EVENTS_BY_TYPE.get(eventType)
    if (definition && registered.length > 0) {
      const event = toEnvelope(definition, message)
      const results = await Promise.allSettled(registered.map(async (handler) => handler(event)))
      const errors = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason] : [],
      )
      if (errors.length === 1) throw errors[0]
      if (errors.length > 1) {
        throw new AggregateError(errors, `${errors.length} ${eventType} handlers failed`)
      }
    }
    return message
  }

  const registrations: EventRegistrations = Object.fromEntries(
    Object.entries(EVENTS).map(([name, { type }]) => [
      name,
      (handler: WebhookHandler<never>) => subscribe(type, handler),
    ]),
  ) as Record<keyof typeof EVENTS, (handler: WebhookHandler<never>) => () => void>

  return {
    ...registrations,
    process,
    processRequest: async (request, processOptions) =>
      process(await request.text(), processOptions),
    parseJWT,
  }
}
