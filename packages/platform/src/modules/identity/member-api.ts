import type { FastifyRequest } from 'fastify'
import { guard, isElevated, requireIdentity } from '../../auth/guards.js'
import type { CallerIdentity } from '../../auth/caller.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { closed, list, object, text, type FromSchema, type SchemaApp } from '../../http/schema.js'
import { domainEvent, emit, EVENT_TYPES, eventIdentity } from '../events/index.js'
import { isUniqueViolation } from '../../db/errors.js'
import type { IdentityContext } from './identity-context.js'
import { lockMember, findMember, profileOf, updateMember, type Member } from './members.js'

/*
 * The members API of wire-orders-members §2: the current member (`GET …/members/my`), a member's
 * update (`PATCH …/members/{id}`) and the current member's slug (`POST …/members/my/slug`). A
 * member is the identity module's member row: names, phones and the like live in its identity
 * profile (so the identity calls and hosted pages read the same name), the slug in its own column.
 */

const MEMBERS = '/members/v1/members'

/** What a member read returns (§2.2). */
export type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL'

/** The most fieldsets one read may ask for (§2.2). */
const MAX_FIELDSETS = 3

const WIRE_STATUS = {
  PENDING: 'PENDING',
  ACTIVE: 'APPROVED',
  BLOCKED: 'BLOCKED',
  DELETED: 'BLOCKED',
} as const

/** A member image (§2.4): the platform keeps its URL only. */
interface WireImage {
  id: string
  url: string
  height: number
  width: number
}

/** A member on the wire (§2.4), as much of it as the fieldsets asked for. */
export interface WireMember {
  id: string
  contactId: string
  loginEmail?: string
  loginEmailVerified?: boolean
  status: string
  privacyStatus: string
  activityStatus: string
  contact?: {
    firstName?: string
    lastName?: string
    phones: string[]
    emails: string[]
    addresses: []
    birthdate?: string
    company?: string
    jobTitle?: string
  }
  profile: { nickname?: string; slug?: string; title?: string; photo?: WireImage }
  createdDate: string
  updatedDate: string
}

/** Where each contact field lives in the identity profile (nickname and title: as named). */
const CONTACT_KEYS = {
  firstName: 'firstName',
  lastName: 'lastName',
  birthdate: 'birthdate',
  company: 'company',
  jobTitle: 'position',
} as const

const name = text(200)
const updateSchema = object(
  {
    member: object({
      id: text(100),
      contact: closed({
        firstName: name,
        lastName: name,
        phones: list(text(50), 20),
        emails: list(text(254), 20),
        birthdate: { type: 'string', maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
        company: name,
        jobTitle: name,
      }),
      profile: closed({
        nickname: name,
        title: name,
        /** Read-only here (§2.4): let through, never applied. */
        slug: text(255),
        photo: object({ url: text(2048) }),
      }),
    }),
  },
  ['member'],
)

/** A path's member id: at most 100 characters, as any path parameter. */
const idSchema = object({ id: text(100) }, ['id'])

const slugSchema = object({ slug: text(255, 1) }, ['slug'])

const readSchema = object({
  fieldsets: list({ type: 'string', enum: ['PUBLIC', 'EXTENDED', 'FULL'] }, MAX_FIELDSETS),
})

type UpdateBody = FromSchema<typeof updateSchema>

const stringAt = (profile: Record<string, unknown>, key: string): string | undefined => {
  const value = profile[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}
const stringsAt = (profile: Record<string, unknown>, key: string): string[] => {
  const value = profile[key]
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

/** `member` on the wire, with the fields of `fieldsets` (PUBLIC when none). */
export function toWireMember(member: Member, fieldsets: readonly Fieldset[] = []): WireMember {
  const profile = profileOf(member)
  const full = fieldsets.includes('FULL')
  const extended = full || fieldsets.includes('EXTENDED')
  const [nickname, title, picture] = ['nickname', 'title', 'picture'].map((key) =>
    stringAt(profile, key),
  )
  const contact = Object.fromEntries(
    Object.entries(CONTACT_KEYS).flatMap(([wire, key]) => {
      const value = stringAt(profile, key)
      return value === undefined ? [] : [[wire, value]]
    }),
  )
  return {
    id: member.identity_id,
    contactId: member.identity_id,
    ...(extended && { loginEmail: member.email }),
    ...(full && { loginEmailVerified: member.email_verified === 1 }),
    status: extended ? WIRE_STATUS[member.status] : 'UNKNOWN',
    privacyStatus: extended ? 'PUBLIC' : 'UNKNOWN',
    activityStatus: extended ? 'ACTIVE' : 'UNKNOWN',
    ...(full && {
      contact: {
        ...contact,
        phones: stringsAt(profile, 'phones'),
        emails: stringsAt(profile, 'emails'),
        addresses: [],
      },
    }),
    profile: {
      ...(nickname && { nickname }),
      ...(member.slug !== null && { slug: member.slug }),
      ...(title && { title }),
      ...(picture && { photo: { id: '', url: picture, height: 0, width: 0 } }),
    },
    createdDate: member.created_date,
    updatedDate: member.updated_date,
  }
}

/** The identity profile once the sent fields of `update` are applied (`""` clears a field). */
function changedProfile(
  profile: Record<string, unknown>,
  update: UpdateBody['member'],
): Record<string, unknown> {
  const next = { ...profile }
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) return
    if (value === '') delete next[key]
    else next[key] = value
  }
  for (const [wire, key] of Object.entries(CONTACT_KEYS))
    set(key, update.contact?.[wire as keyof typeof CONTACT_KEYS])
  for (const key of ['nickname', 'title'] as const) set(key, update.profile?.[key])
  set('picture', update.profile?.photo?.url)
  // Replaced whole; an empty list changes nothing (§2.3: the delete endpoints clear them).
  for (const key of ['phones', 'emails'] as const) {
    const list = update.contact?.[key]
    if (list?.length) next[key] = list
  }
  return next
}

const notFound = () => PlatformError.application(404, 'NOT_FOUND', 'Member not found')

/** The member behind the caller's token; 404 for a visitor, an app or an API key (§2.3). */
function currentMemberId(request: FastifyRequest): string {
  const caller = requireIdentity(request)
  if (caller.type !== 'MEMBER') throw notFound()
  return caller.id
}

/** Changes member `id` in one transaction (with its `member_updated` event); 404 if none. */
async function changeMember(
  ctx: IdentityContext,
  caller: CallerIdentity,
  id: string,
  change: (member: Member) => Parameters<typeof updateMember>[2],
): Promise<WireMember> {
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(trx, id)
    if (!member || member.status === 'DELETED') throw notFound()
    const updated = toWireMember(await updateMember(trx, member, change(member)), ['FULL'])
    await emit(trx, {
      eventType: EVENT_TYPES.memberUpdated,
      payload: domainEvent('wix.members.v1.member', 'updated', id, {
        updatedEvent: { currentEntity: updated },
      }),
      identity: eventIdentity(caller),
    })
    return updated
  })
}

/** The members API routes (wire-orders-members §2.1). */
export function memberRoutes(app: SchemaApp, ctx: IdentityContext): void {
  app.get(
    `${MEMBERS}/my`,
    { onRequest: guard.identity, schema: { querystring: readSchema } },
    async (request) => {
      const member = await findMember(ctx.db.kysely, currentMemberId(request))
      if (!member || member.status === 'DELETED') throw notFound()
      return { member: toWireMember(member, request.query.fieldsets) }
    },
  )

  app.patch(
    `${MEMBERS}/:id`,
    { onRequest: guard.identity, schema: { params: idSchema, body: updateSchema } },
    async (request) => {
      const caller = requireIdentity(request)
      const { id } = request.params
      if (!isElevated(request) && !(caller.type === 'MEMBER' && caller.id === id))
        throw PlatformError.forbidden('A member may update only their own profile')
      const update = request.body.member
      if (update.id !== undefined && update.id !== id)
        throw PlatformError.invalid('member.id', 'must be the id of the path')
      const member = await changeMember(ctx, caller, id, (row) => ({
        profile: changedProfile(profileOf(row), update),
      }))
      return { member }
    },
  )

  app.post(
    `${MEMBERS}/my/slug`,
    { onRequest: guard.identity, schema: { body: slugSchema } },
    async (request) => {
      const id = currentMemberId(request)
      const { slug } = request.body
      try {
        return { member: await changeMember(ctx, requireIdentity(request), id, () => ({ slug })) }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        throw PlatformError.application(409, 'SLUG_ALREADY_EXISTS', `Slug "${slug}" is taken`, {
          slug,
        })
      }
    },
  )
}
