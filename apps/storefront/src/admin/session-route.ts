import { isApiError } from '@vitrine/client'
import { createMerchantClient, fetchProducts } from '@vitrine/react'
import type { ActionFunctionArgs } from 'react-router'
import { config } from '../config'
import { shopUrl } from '../server/config.server'
import { readForm } from '../server/forms.server'
import { authorizedSession, closeSession, openSession } from './admin-sessions.server'

/** The longest admin key taken. */
const MAX_KEY = 512

const answer = (status: number, body: object, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** Checks `adminKey` with a harmless merchant read; a refusal in words, or nothing. */
async function refusal(adminKey: string): Promise<{ status: number; error: string } | undefined> {
  try {
    await fetchProducts(createMerchantClient({ apiKey: adminKey, baseUrl: config.baseUrl }), {
      limit: 1,
    })
    return undefined
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403))
      return {
        status: 401,
        error:
          'This admin key was not accepted. Check it and try again — it is printed when the platform starts.',
      }
    return { status: 502, error: 'The platform could not be reached. Try again in a moment.' }
  }
}

/**
 * `POST /admin/session` (from the console's page only): signs the console in with the admin key
 * (`adminKey`), which stays on this server; answers the session's token. `DELETE` signs it out.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === 'DELETE') {
    if (!authorizedSession(request)) return answer(401, { error: 'Not signed in.' })
    return new Response(null, { status: 204, headers: { 'Set-Cookie': closeSession(request) } })
  }
  if (request.method !== 'POST') return answer(405, { error: 'Use POST or DELETE.' })
  if (request.headers.get('origin') !== shopUrl)
    return answer(403, { error: 'Sign in from the console’s own page.' })
  const adminKey = (await readForm(request)).get('adminKey')?.trim() ?? ''
  if (!adminKey || adminKey.length > MAX_KEY) return answer(400, { error: 'Enter the admin key.' })
  const refused = await refusal(adminKey)
  if (refused) return answer(refused.status, { error: refused.error })
  const { token, setCookie } = openSession(adminKey)
  return answer(200, { token }, { 'Set-Cookie': setCookie })
}
