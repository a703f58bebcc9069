import { config } from '../server/config.server'
import { readBody } from '../server/forms.server'
import { forgetCatalog } from '../server/platform.server'
import { shopContext } from '../server/shop-context.server'
import { authorizedSession } from './admin-sessions.server'
import { consoleApiPath } from './api-path'
import type { Route } from './+types/api-proxy'

/** The largest request body passed on (a product with its options and variants). */
const BODY_LIMIT = 1024 * 1024

/** Calls that read, though they are posted (a query or search in their body). */
const QUERY = /\/(query|search)[\w-]*$/

const refuse = (status: number, message: string) =>
  Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * `/admin/api/*`: the console's calls, passed on to the platform with the session's admin key in
 * place of the session's token. Only the console's APIs, only for a signed-in console.
 */
async function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const session = authorizedSession(request)
  if (!session) return refuse(401, 'Sign in to the console again.')
  // From the URL as it came (the route's splat is decoded already): see consoleApiPath.
  const url = new URL(request.url)
  const path = consoleApiPath(url.pathname)
  if (path === undefined) return refuse(404, 'Not an API of the console.')
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? undefined
      : await readBody(request, BODY_LIMIT)
  const headers: Record<string, string> = {
    Authorization: session.adminKey,
    ...context.get(shopContext).forwardedFor,
  }
  for (const name of ['content-type', 'accept'])
    if (request.headers.has(name)) headers[name] = request.headers.get(name)!
  const answer = await fetch(`${config.platformUrl}/${path}${url.search}`, {
    method: request.method,
    headers,
    body: body && new Uint8Array(body),
  })
  // A change (not a query): this server's copy of the catalog may be out of date.
  if (body && answer.ok && !QUERY.test(path)) forgetCatalog()
  const passed = new Headers({ 'Cache-Control': 'no-store' })
  for (const name of ['content-type', 'x-wix-request-id'])
    if (answer.headers.has(name)) passed.set(name, answer.headers.get(name)!)
  return new Response(answer.body, { status: answer.status, headers: passed })
}

export const loader = forward
export const action = forward
