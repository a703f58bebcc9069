import { queryOptions, useQuery } from '@tanstack/react-query'
import type { IdentityProfile } from '@vitrine/client'
import { useSyncExternalStore } from 'react'
import type { VitrineClient } from './clients.js'
import { vitrineKeys } from './keys.js'
import { useVitrineClient } from './provider.js'

/** What the shop knows of the logged-in member: what they logged in or registered with here. */
export interface MemberProfile {
  email?: string
  profile?: IdentityProfile
}

/** Who is using the shop. */
export interface MemberState {
  /** `loading` until the session is confirmed on first use. */
  status: 'loading' | 'visitor' | 'member'
  loggedIn: boolean
  /** Absent for visitors, and after a hosted login (the hosted page does not tell the e-mail). */
  member?: MemberProfile
}

const PROFILE_KEY = 'vitrine-member'

/** Web Storage when there is one (shared with other tabs, like the tokens), else nothing. */
export function webStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind]
  } catch {
    return undefined
  }
}

let profileInMemory: MemberProfile | undefined

/** The profile of the member who logged in last; kept beside the tokens. */
export const memberProfile = {
  read(): MemberProfile | undefined {
    try {
      const raw = webStorage('localStorage')?.getItem(PROFILE_KEY)
      return raw ? (JSON.parse(raw) as MemberProfile) : profileInMemory
    } catch {
      return profileInMemory
    }
  },
  write(profile: MemberProfile | undefined) {
    profileInMemory = profile
    try {
      const storage = webStorage('localStorage')
      if (profile) storage?.setItem(PROFILE_KEY, JSON.stringify(profile))
      else storage?.removeItem(PROFILE_KEY)
    } catch {
      // Private mode or quota: the profile lives on in memory.
    }
  },
}

/**
 * The query of the session: confirms (renews, or replaces by a visitor's) the tokens once, then
 * answers whether a member is logged in and who.
 */
export const memberQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: vitrineKeys.member(),
    queryFn: async () => {
      await client.auth.getAuthHeaders()
      const loggedIn = client.auth.loggedIn()
      return { loggedIn, member: loggedIn ? (memberProfile.read() ?? null) : null }
    },
    staleTime: Infinity,
  })

/**
 * Who is using the shop; re-renders when the tokens change, in this tab or another.
 *
 * @example
 * const { status, member } = useMember()
 * if (status === 'member') return <p>Hello {member?.email}</p>
 */
export function useMember(): MemberState {
  const client = useVitrineClient()
  const loggedIn = useSyncExternalStore(
    client.subscribeTokens,
    () => client.auth.loggedIn(),
    () => false,
  )
  const session = useQuery(memberQueryOptions(client))
  if (session.isPending) return { status: 'loading', loggedIn }
  const member = loggedIn ? (session.data?.member ?? undefined) : undefined
  return { status: loggedIn ? 'member' : 'visitor', loggedIn, ...(member && { member }) }
}
