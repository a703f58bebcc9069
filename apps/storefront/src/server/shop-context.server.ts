import type { QueryClient } from '@tanstack/react-query'
import { createVitrineQueryClient, type VitrineClient } from '@vitrine/react'
import { createContext, redirect, type MiddlewareFunction } from 'react-router'
import { buyerOf, type Buyer, type MemberBuyer } from './buyer.server'
import { clientAddressContext, forwardedFor } from './client-address.server'
import { orderDesk, type OrderDesk } from './orders.server'
import { catalog, shopperOf, type Shopper } from './platform.server'

/**
 * What the shop's server has for one request: its clients of the platform and who the shopper is,
 * each made on first use and then the same for every loader and action of the request. Loaders
 * and actions read it with `context.get(shopContext)`.
 */
export class RequestShop {
  /** The public catalog reader, the same for every request (`catalog()`): cacheable reads. */
  readonly catalog: VitrineClient = catalog()
  /** The header that names the shopper's address to the platform (none under the dev server). */
  readonly forwardedFor: Record<string, string>
  readonly #request: Request
  readonly #clientAddress: string | null
  #shopper?: ReturnType<typeof shopperOf>
  #buyer?: Promise<Buyer | undefined>
  #desk?: { value: OrderDesk | undefined }
  #queries?: QueryClient
  readonly #handedOver = new Set<string>()

  constructor(request: Request, clientAddress: string | null = null) {
    this.#request = request
    this.#clientAddress = clientAddress
    this.forwardedFor = forwardedFor(clientAddress)
  }

  /** The shopper: their client, with their tokens from the request's cookie. */
  shopper(): Shopper {
    this.#shopper ??= shopperOf(this.#request, this.#clientAddress)
    return this.#shopper.shopper
  }

  /** Who the shopper is, asked of the platform once ({@link buyerOf}). */
  buyer(): Promise<Buyer | undefined> {
    return (this.#buyer ??= buyerOf(this.shopper()))
  }

  /**
   * The signed-in member of a member's page. A visitor, or tokens that name no member any more,
   * are sent to log in first (a redirect thrown).
   */
  async member(): Promise<MemberBuyer> {
    const buyer = this.shopper().client.auth.loggedIn() ? await this.buyer() : undefined
    if (!buyer || !('memberId' in buyer)) throw redirect('/login')
    return buyer
  }

  /** The shop's elevated client of orders; `undefined` when the shop has no key to read them. */
  orderDesk(): OrderDesk | undefined {
    this.#desk ??= { value: orderDesk() }
    return this.#desk.value
  }

  /**
   * The request's query cache: what its loaders read (`prefetched`), which the server renders the
   * page from (`entry.server.tsx`), as the browser does from what they hand over.
   */
  queries(): QueryClient {
    return (this.#queries ??= createVitrineQueryClient())
  }

  /**
   * Whether the catalog answer of the query `hash` is still to be handed to the browser by this
   * request: true the first time only (`prefetched`).
   */
  handsOver(hash: string): boolean {
    if (this.#handedOver.has(hash)) return false
    this.#handedOver.add(hash)
    return true
  }

  /** The `Set-Cookie` of the shopper's tokens renewed or first issued meanwhile, if any. */
  setCookie(): string | undefined {
    return this.#shopper?.setCookie()
  }
}

/** The request's {@link RequestShop}, set by {@link shopMiddleware}. */
export const shopContext = createContext<RequestShop>()

/**
 * The root's middleware: makes the request's {@link RequestShop}, runs the loaders and actions,
 * then sends the shopper's renewed tokens back once, whatever the answer (a page, data, a
 * redirect, an error).
 */
export const shopMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const shop = new RequestShop(request, context.get(clientAddressContext))
  context.set(shopContext, shop)
  const response = await next()
  const setCookie = shop.setCookie()
  if (!setCookie) return response
  const headers = new Headers(response.headers)
  headers.append('Set-Cookie', setCookie)
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
