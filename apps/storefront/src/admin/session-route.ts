import { ApiKeyStrategy, createClient, isApiError, products } from '@vitrine/client'
import { describeError } from '@vitrine/react'
import { config } from '../server/config.server'
import { readForm } from '../server/forms.server'
import { shopContext, type RequestShop } from '../server/shop-context.server'
import { authorizedSession, closeSession, openSession } from './admin-sessions.server'
import type { Route } from './+types/session-route'

/** The longest admin key taken. */
const MAX_KEY = 512

const answer = (status: number, body: object, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** Why a key was not taken, in words, with the status (and headers) to answer with. */
interface Refusal {
  status: number
  error: string
  headers?: HeadersInit
}

/**
 * Checks `adminKey` with a harmless merchant read, made for the merchant's address (`context`):
 * the platform counts wrong keys per person, so one guesser neither locks out the others nor
 * gets more tries by going through the shop. A refusal in words, or nothing.
 */
async function refusal(adminKey: string, shop: RequestShop): Promise<Refusal | undefined> {
  const platform = createClient({
    modules: { products },
    auth: ApiKeyStrategy({ apiKey: adminKey }),
    baseUrl: config.platformUrl,
    headers: shop.forwardedFor,
    retry: { limit: 0 },
  })
  try {
    await platform.products.queryProducts().limit(1).find()
    return undefined
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403))
      return {
        status: 401,
        error:
          'This admin key was not accepted. Check it and try again — it is printed when the platform starts.',
      }
    // Too many wrong keys from this address: the shop's words for a wait, and how long it is.
    if (isApiError(error) && error.status === 429)
      return {
        status: 429,
        error: describeError(error),
        headers: error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {},
      }
    return { status: 502, error: 'The platform could not be reached. Try again in a moment.' }
  }
}

/**
 * `POST /admin/session` (from the console's page only): signs the console in with the admin key
 * (`adminKey`), which stays on this server; answers the session's token. `DELETE` signs it out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === 'DELETE') {
    if (!authorizedSession(request)) return answer(401, { error: 'Not signed in.' })
    return new Response(null, { status: 204, headers: { 'Set-Cookie': closeSession() } })
  }
  if (request.method !== 'POST') return answer(405, { error: 'Use POST or DELETE.' })
  if (request.headers.get('origin') !== config.shopUrl)
    return answer(403, { error: 'Sign in from the console’s own page.' })
  const adminKey = (await readForm(request)).get('adminKey')?.trim() ?? ''
  if (!adminKey || adminKey.length > MAX_KEY) return answer(400, { error: 'Enter the admin key.' })
  const refused = await refusal(adminKey, context.get(shopContext))
  if (refused) return answer(refused.status, { error: refused.error }, refused.headers)
  const { token, setCookie } = openSession(adminKey)
  return answer(200, { token }, { 'Set-Cookie': setCookie })
}
