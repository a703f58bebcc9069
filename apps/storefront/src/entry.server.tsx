import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { RouterContextProvider, ServerRouter, type EntryContext } from 'react-router'
import { RequestQueries } from './lib/request-queries'
import { ScriptPreloads } from './lib/script-preloads'
import { clientAddressContext } from './server/client-address.server'
import { coalesced } from './server/coalesced.server'
import { shopContext } from './server/shop-context.server'

/**
 * The router context a request starts with, which the shop's server (`server.mjs`) makes through
 * the build (`build.entry.module`), so that both use the build's context key: the shopper's
 * address. The root's middleware adds the request's services (`server/shop-context.server.ts`).
 */
export function loadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, clientAddress ?? null)
  return context
}

/** How long the stream waits for deferred data before it ends the slow parts with an error. */
export const streamTimeout = 5_000

/**
 * The page's scripts, as React Router preloads them (its entry and the matched routes' modules and
 * their imports). Every page of the shop works without them (its forms post to the server), so
 * they must not take a phone's bandwidth from what the first paint needs.
 */
function scriptHrefs({ manifest, staticHandlerContext }: EntryContext): string[] {
  const { matches, errors } = staticHandlerContext
  // A page with an error renders down to the route that shows it, as React Router's scripts do.
  const failed = errors ? matches.findIndex((match) => match.route.id in errors) : -1
  const shown = failed === -1 ? matches : matches.slice(0, failed + 1)
  const hrefs = [manifest.entry.module, ...manifest.entry.imports]
  for (const match of shown) {
    const route = manifest.routes[match.route.id]
    if (!route) continue
    for (const href of [
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      route.module,
      ...(route.imports ?? []),
    ])
      if (href) hrefs.push(href)
  }
  return [...new Set(hrefs)]
}

/**
 * React Router's default server entry (streamed; crawlers and SPA mode get the whole page at
 * once), which tells the document the page's scripts, to preload them at low priority, and gives
 * it the request's QueryClient, which the loaders filled.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    // Ends the stream after `streamTimeout`, with time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )
    const { pipe, abort } = renderToPipeableStream(
      <ScriptPreloads value={routerContext.isSpaMode ? [] : scriptHrefs(routerContext)}>
        <RequestQueries value={context.get(shopContext).queries()}>
          <ServerRouter context={routerContext} url={request.url} />
        </RequestQueries>
      </ScriptPreloads>,
      {
        [readyOption]() {
          shellRendered = true
          const body = coalesced(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          })
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell reach handleDocumentRequest, which logs them.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
