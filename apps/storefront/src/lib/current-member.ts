import { borrowAuth, createClient, members, type Member } from '@vitrine/client'
import type { VitrineClient } from '@vitrine/react'
import { memberNameOf, type MemberName } from './member-name'

/**
 * The signed-in member of `shopper`'s tokens, all fields (`GET /members/v1/members/my` of the
 * platform at `platformUrl`): the name is in the contact. Loaded on first use in the browser: the members module is not part of
 * the shop's first pages.
 */
export async function currentMember(shopper: VitrineClient, platformUrl: string): Promise<Member> {
  const client = createClient({
    modules: { members },
    auth: borrowAuth(shopper.auth),
    baseUrl: platformUrl,
  })
  return (await client.members.getCurrentMember({ fieldsets: ['FULL'] })).member
}

/** The signed-in member's name, read with their tokens. */
export const currentMemberName = async (
  shopper: VitrineClient,
  platformUrl: string,
): Promise<MemberName> => memberNameOf(await currentMember(shopper, platformUrl))
