import { members as main } from '../members/members.js'
import * as catalog from '../enums/catalog.js'
import * as commerce from '../enums/commerce.js'

/**
 * `members` as the official module has it: the operations of the main entry's `members` and
 * the official module's enumerations (`members.SortOrder.ASC`).
 */
export const members = {
  ...main,
  SortOrder: catalog.SortOrder,
  WebhookIdentityType: commerce.IdentityType,
}

/**
 * The types of members under the module's name, by the official module's names
 * (`let member: members.Member`), and the value types of its enumerations.
 */
export declare namespace members {
  export type Address = import('../members/types.js').MemberAddress
  export type Contact = import('../members/types.js').MemberContact
  export type GetCurrentMemberOptions = import('../members/types.js').GetCurrentMemberOptions
  export type GetMyMemberResponse = import('../members/types.js').MemberResponse
  export type Image = import('../members/types.js').MemberImage
  export type Member = import('../members/types.js').Member
  export type Profile = import('../members/types.js').MemberProfile
  export type UpdateMember = import('../members/types.js').MemberUpdate

  export type SortOrder = import('../enums/catalog.js').SortOrder
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
