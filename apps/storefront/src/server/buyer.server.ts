import { createClient, isApiError, tokenInfo } from '@vitrine/client'
import { config } from './config.server'
import { memberNameOf, type MemberName } from '../lib/member-name'
import type { Shopper } from './platform.server'

/** A signed-in member: their id, name and login e-mail, from the platform. */
export interface MemberBuyer {
  memberId: string
  name: MemberName
  email?: string
}

/** Who a request is, as an order names its buyer: a member or a visitor. */
export type Buyer = MemberBuyer | { visitorId: string }

/** Whether `error` says the tokens name no one (expired, revoked, not a member): no buyer. */
const nobody = (error: unknown) => isApiError(error) && [401, 403, 404].includes(error.status ?? 0)

/**
 * The member of `shopper`'s tokens, read from the platform with those tokens (imported as the
 * browser's header imports it: one lazily loaded module in both builds).
 */
async function memberOf(shopper: Shopper): Promise<Buyer | undefined> {
  const { currentMember } = await import('../lib/current-member')
  const member = await currentMember(shopper.client, config.platformUrl)
  if (!member.id) return undefined
  const { loginEmail } = member
  return {
    memberId: member.id,
    name: memberNameOf(member),
    ...(loginEmail && { email: loginEmail }),
  }
}

/**
 * The visitor of `shopper`'s tokens: the platform's token info of their access token (renewed
 * first if it expired), which names the id an order's `buyerInfo.visitorId` holds.
 */
async function visitorOf(shopper: Shopper): Promise<Buyer | undefined> {
  await shopper.client.auth.getAuthHeaders()
  const token = shopper.client.auth.getTokens().accessToken.value
  if (!token) return undefined
  const client = createClient({ modules: { tokenInfo }, baseUrl: config.platformUrl })
  const info = await client.tokenInfo.getTokenInfo({ token })
  return info.active && info.subjectType === 'VISITOR' && info.subjectId
    ? { visitorId: info.subjectId }
    : undefined
}

/**
 * The buyer `shopper` is, from the platform (never from anything the request says of itself): a
 * member with their name, or a visitor; `undefined` for a request without tokens or with tokens
 * that name no one.
 */
export async function buyerOf(shopper: Shopper): Promise<Buyer | undefined> {
  if (!shopper.known) return undefined
  try {
    return shopper.client.auth.loggedIn() ? await memberOf(shopper) : await visitorOf(shopper)
  } catch (error) {
    if (nobody(error)) return undefined
    throw error
  }
}
