import { describeError } from '@vitrine/react'
import { isRouteErrorResponse } from 'react-router'

/** What a post that the shop's server failed to answer says (a proxy's 502 while it restarts). */
const SERVER_TROUBLE = 'Something went wrong on our side. Please try again in a moment.'

/**
 * The answer of a route's action on the server (`serverAction` of a `clientAction`), or — when the
 * post did not reach the shop (offline, or a gateway's 5xx) — why, as a refusal for the form to
 * say: the page stays, and the form can be sent again. Redirects and other errors go on to React
 * Router.
 */
export async function reachShop<A>(serverAction: () => Promise<A>): Promise<A | { error: string }> {
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof TypeError) return { error: describeError(error) }
    if (isRouteErrorResponse(error) && error.status >= 500) return { error: SERVER_TROUBLE }
    throw error
  }
}
