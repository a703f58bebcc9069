import { dates } from '../codec/convert.js'
import { under, type Codec, type Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type { GetCurrentMemberOptions, Member, MemberResponse, MemberUpdate } from './types.js'

const MEMBERS = '/members/v1/members'
const response: Codec[] = [dates(under('member.', 'createdDate updatedDate lastLoginDate'))]

const endpoints = {
  current: { method: 'GET', path: MEMBERS + '/my', response },
  update: { method: 'PATCH', path: MEMBERS + '/{member.id}', response },
  slug: { method: 'POST', path: MEMBERS + '/my/slug', response },
} satisfies Record<string, Endpoint>

/**
 * Site members: the signed-in member reads and edits their own name and profile. Pass it to
 * `createClient`'s `modules`; the member's tokens (`OAuthStrategy`) say who "current" is.
 *
 * @example
 * const client = createClient({ modules: { members }, auth: OAuthStrategy({ clientId }) })
 * const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] })
 * await client.members.updateMember(member.id!, { contact: { firstName: 'Ada' } })
 */
export const members = {
  /**
   * The member behind the caller's tokens, with the fields of `fieldsets` (default `PUBLIC`).
   * Calls `GET /members/v1/members/my`.
   */
  getCurrentMember:
    (http: Http) =>
    (params: GetCurrentMemberOptions = {}, options?: CallOptions): Promise<MemberResponse> =>
      http.call(endpoints.current, params, options),

  /**
   * Changes the given fields of a member, unwrapped; `""` clears a field, lists are replaced whole.
   * A member may update only themself. Calls `PATCH /members/v1/members/{member.id}`.
   */
  updateMember:
    (http: Http) =>
    async (id: string, member: MemberUpdate, options?: CallOptions): Promise<Member> =>
      (await http.call<MemberResponse>(endpoints.update, { member: { ...member, id } }, options))
        .member,

  /**
   * Changes the signed-in member's slug (case-sensitive, at most 255 characters); a slug taken by
   * another member is refused (`SLUG_ALREADY_EXISTS`). Calls `POST /members/v1/members/my/slug`.
   */
  updateCurrentMemberSlug:
    (http: Http) =>
    (slug: string, options?: CallOptions): Promise<MemberResponse> =>
      http.call(endpoints.slug, { slug }, options),
}
