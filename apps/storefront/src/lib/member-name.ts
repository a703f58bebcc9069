import { useQuery } from '@tanstack/react-query'
import type { Member } from '@vitrine/client'
import { useMember, useVitrineClient, vitrineKeys } from '@vitrine/react'
import { useShopConfig } from './shop-config'

/** A member's name as the platform holds it: the first name, and the whole name. */
export interface MemberName {
  first?: string
  full?: string
}

/** The name of `member` (a `FULL` read): first and last name, else the nickname. */
export function memberNameOf(member: Member): MemberName {
  const { firstName, lastName } = member.contact ?? {}
  const nickname = member.profile?.nickname
  const full = [firstName, lastName].filter(Boolean).join(' ') || nickname
  const first = firstName || lastName || nickname
  return { ...(first && { first }), ...(full && { full }) }
}

/**
 * The query of the signed-in member's name. Under the member's key, so it is fetched again when
 * the session changes hands; the account page's server loader fills it in with the page.
 */
export const memberNameKey = () => [...vitrineKeys.member(), 'name'] as const

/**
 * The signed-in member's name from the platform, whichever device they logged in on (the shop
 * remembers only what was typed on this one). Its code — the members module — loads on first use.
 * Nothing for visitors, while the name of a new session loads, or if the platform cannot tell.
 */
export function useMemberName(): MemberName | undefined {
  const client = useVitrineClient()
  const { platformUrl } = useShopConfig()
  const { status } = useMember()
  const query = useQuery({
    queryKey: memberNameKey(),
    // Asked when the session changes hands too, before this page hears of it: only a member's.
    queryFn: async (): Promise<MemberName | null> =>
      client.auth.loggedIn()
        ? (await import('./current-member')).currentMemberName(client, platformUrl)
        : null,
    enabled: status === 'member',
    staleTime: Infinity,
    retry: false,
  })
  // After a change of session the name is the previous member's until it is fetched again.
  if (status !== 'member' || (query.isStale && query.isFetching)) return undefined
  return query.data ?? undefined
}
