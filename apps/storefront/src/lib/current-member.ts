import { createClient, members } from '@vitrine/client'
import type { VitrineClient } from '@vitrine/react'
import { config } from '../config'
import { memberNameOf, type MemberName } from './member-name'

/**
 * The signed-in member's name, read with their tokens (`GET /members/v1/members/my`). Loaded on
 * first use: the members module is not part of the shop's first pages.
 */
export async function currentMemberName(shopper: VitrineClient): Promise<MemberName> {
  const client = createClient({
    modules: { members },
    auth: { getAuthHeaders: () => shopper.auth.getAuthHeaders() },
    baseUrl: config.baseUrl,
  })
  const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] })
  return memberNameOf(member)
}
