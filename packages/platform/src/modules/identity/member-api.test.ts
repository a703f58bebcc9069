import { createClient, isApiError, members, OAuthStrategy, type Tokens } from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { rejection } from '../../test-support/rejection.js'

/*
 * The members API (wire-orders-members §2): who may read and change which member, the fieldsets,
 * partial updates and their bounds, the slug's uniqueness, the `member_updated` event, and the
 * client's own `members` module against the platform.
 */

describe.each(DIALECTS)('members API on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const PASSWORD = 'a good password'
  /** An id that is not the path's, for a body that names another member. */
  const OTHER_ID = '00000000-0000-4000-8000-0000000000b0'

  const newClient = (tokens?: Tokens) =>
    createClient({
      modules: { authentication, members },
      auth: OAuthStrategy({ clientId: 'demo-storefront', tokens }),
      baseUrl: platform.baseUrl,
    })
  const call = async (method: string, path: string, authorization?: string, body?: object) => {
    const response = await fetch(platform.baseUrl + path, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(authorization && { authorization }),
      },
      body: body && JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  /** A registered member (first name Ada), with member tokens and the raw access token. */
  const member = async () => {
    const email = `member-${++seq}-${dialect}@example.com`
    const client = newClient()
    const raw = await client.authentication.registerV2(
      { email },
      { password: PASSWORD, profile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'ada' } },
    )
    const id = raw.identity!.id!
    const tokens = await client.auth.getMemberTokensForExternalLogin(id, platform.adminKey)
    return { email, id, tokens, token: tokens.accessToken.value }
  }
  const visitorToken = async () => {
    const { body } = await call('POST', '/oauth2/token', undefined, {
      clientId: 'demo-storefront',
      grantType: 'anonymous',
    })
    return body.access_token as string
  }
  const patch = (id: string, authorization: string | undefined, member: object) =>
    call('PATCH', `/members/v1/members/${id}`, authorization, { member: { ...member, id } })

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())

  it('the client reads and renames the current member, and sets its slug, with the name kept for login', async () => {
    const ada = await member()
    const client = newClient(ada.tokens)

    const { member: current } = await client.members.getCurrentMember({ fieldsets: ['FULL'] })
    expect(current).toMatchObject({
      id: ada.id,
      loginEmail: ada.email,
      status: 'APPROVED',
      contact: { firstName: 'Ada', lastName: 'Lovelace', phones: [], emails: [], addresses: [] },
      profile: { nickname: 'ada' },
    })
    expect(current.createdDate).toBeInstanceOf(Date)

    const updated = await client.members.updateMember(ada.id, {
      contact: { firstName: 'Augusta', phones: ['+44 20 7946 0000'] },
      profile: { nickname: 'countess' },
    })
    expect(updated).toMatchObject({
      id: ada.id,
      contact: { firstName: 'Augusta', lastName: 'Lovelace', phones: ['+44 20 7946 0000'] },
      profile: { nickname: 'countess' },
    })
    expect(updated.updatedDate!.getTime()).toBeGreaterThanOrEqual(current.createdDate!.getTime())

    const slug = `ada-${dialect}`
    expect((await client.members.updateCurrentMemberSlug(slug)).member.profile?.slug).toBe(slug)

    // The identity calls read the same stored name.
    const login = await call('POST', '/_api/iam/authentication/v2/login', undefined, {
      loginId: { email: ada.email },
      password: PASSWORD,
    })
    expect(login.body.identity.identityProfile).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      nickname: 'countess',
      phones: ['+44 20 7946 0000'],
    })

    // A taken slug, through the client: SLUG_ALREADY_EXISTS.
    const other = newClient((await member()).tokens)
    const taken = await rejection(other.members.updateCurrentMemberSlug(slug))
    expect(isApiError(taken)).toBe(true)
    expect(taken).toMatchObject({ status: 409, code: 'SLUG_ALREADY_EXISTS' })
  })

  it('answers the fieldsets asked for: PUBLIC by default, EXTENDED, FULL; at most 3 known values', async () => {
    const { token } = await member()
    const read = (query = '') => call('GET', `/members/v1/members/my${query}`, token)

    const plain = (await read()).body.member
    expect(plain).toMatchObject({
      status: 'UNKNOWN',
      privacyStatus: 'UNKNOWN',
      activityStatus: 'UNKNOWN',
    })
    expect(plain.profile).toEqual({ nickname: 'ada' })
    expect(plain.loginEmail).toBeUndefined()
    expect(plain.contact).toBeUndefined()
    expect((await read('?fieldsets=PUBLIC')).body.member).toEqual(plain)

    const extended = (await read('?fieldsets=PUBLIC&fieldsets=EXTENDED')).body.member
    expect(extended).toMatchObject({
      status: 'APPROVED',
      privacyStatus: 'PUBLIC',
      loginEmail: expect.any(String),
    })
    expect(extended.contact).toBeUndefined()
    expect((await read('?fieldsets=FULL')).body.member).toMatchObject({
      loginEmailVerified: false,
      contact: { firstName: 'Ada' },
    })

    const unknown = await read('?fieldsets=SECRET')
    expect(unknown.status).toBe(400)
    expect(unknown.body.details.validationError.fieldViolations[0].field).toMatch(/fieldsets/)
    const many = await read('?fieldsets=PUBLIC&fieldsets=EXTENDED&fieldsets=FULL&fieldsets=FULL')
    expect(many.status).toBe(400)
    expect(many.body.details.validationError.fieldViolations[0].field).toMatch(/fieldsets/)
  })

  it('who may read the current member: a member only (visitor, API key → 404 NOT_FOUND; no token → 401)', async () => {
    const path = '/members/v1/members/my'
    const visitor = await call('GET', path, await visitorToken())
    expect(visitor.status).toBe(404)
    expect(visitor.body.details.applicationError.code).toBe('NOT_FOUND')
    const apiKey = await call('GET', path, platform.adminKey)
    expect(apiKey.status).toBe(404)
    expect(apiKey.body.details.applicationError.code).toBe('NOT_FOUND')
    expect((await call('GET', path)).status).toBe(401)
    expect((await call('POST', `${path}/slug`, await visitorToken(), { slug: 'v' })).status).toBe(
      404,
    )
    expect((await call('POST', `${path}/slug`, undefined, { slug: 'v' })).status).toBe(401)
    expect((await call('POST', `${path}/slug`, platform.adminKey, { slug: 'k' })).status).toBe(404)
  })

  it('who may update a member: themself or an elevated caller; others 403, no token 401', async () => {
    const ada = await member()
    const bob = await member()

    const other = await patch(ada.id, bob.token, { contact: { firstName: 'Mallory' } })
    expect(other.status).toBe(403)
    expect(other.body).toMatchObject({ message: expect.any(String), details: {} })
    expect(
      (await patch(ada.id, await visitorToken(), { contact: { firstName: 'V' } })).status,
    ).toBe(403)
    expect((await patch(ada.id, undefined, { contact: { firstName: 'V' } })).status).toBe(401)
    const read = await call('GET', '/members/v1/members/my?fieldsets=FULL', ada.token)
    expect(read.body.member.contact.firstName).toBe('Ada')

    const byKey = await patch(ada.id, platform.adminKey, { profile: { title: 'Countess' } })
    expect(byKey.status).toBe(200)
    expect(byKey.body.member.profile).toMatchObject({ nickname: 'ada', title: 'Countess' })
    const missing = await patch('00000000-0000-4000-8000-00000000dead', platform.adminKey, {
      profile: { nickname: 'x' },
    })
    expect(missing.status).toBe(404)
    expect(missing.body.details.applicationError.code).toBe('NOT_FOUND')
  })

  it('changes only the fields sent, clears one on "", keeps lists on [] and refuses what is out of bounds', async () => {
    const ada = await member()
    const own = (fields: object) => patch(ada.id, ada.token, fields)

    expect((await own({ contact: { phones: ['1', '2'], company: 'Analytical' } })).status).toBe(200)
    const cleared = await own({ contact: { lastName: '', phones: [] } })
    expect(cleared.status).toBe(200)
    expect(cleared.body.member.contact).toEqual({
      firstName: 'Ada',
      company: 'Analytical',
      phones: ['1', '2'],
      emails: [],
      addresses: [],
    })
    expect(cleared.body.member.profile.nickname).toBe('ada')

    const violations = async (fields: object, id = ada.id) => {
      const answer = await call('PATCH', `/members/v1/members/${ada.id}`, ada.token, {
        member: { ...fields, id },
      })
      expect(answer.status).toBe(400)
      return (answer.body.details.validationError.fieldViolations as { field: string }[]).map(
        (violation) => violation.field,
      )
    }
    expect(await violations({ contact: { firstName: 'x'.repeat(201) } })).toEqual([
      'member.contact.firstName',
    ])
    expect(await violations({ profile: { nickname: 'x'.repeat(201) } })).toEqual([
      'member.profile.nickname',
    ])
    expect(await violations({ contact: { phones: Array.from({ length: 21 }, String) } })).toEqual([
      'member.contact.phones',
    ])
    expect(await violations({ contact: { birthdate: 'yesterday' } })).toEqual([
      'member.contact.birthdate',
    ])
    expect(await violations({ contact: { shoeSize: '9' } })).toHaveLength(1)
    expect(await violations({ profile: { nickname: 'n' } }, OTHER_ID)).toEqual(['member.id'])
    const slug = await call('POST', '/members/v1/members/my/slug', ada.token, {
      slug: 's'.repeat(256),
    })
    expect(slug.status).toBe(400)
    expect(slug.body.details.validationError.fieldViolations[0].field).toBe('slug')

    const after = await call('GET', '/members/v1/members/my?fieldsets=FULL', ada.token)
    expect(after.body.member.contact.firstName).toBe('Ada')
    expect(after.body.member.profile.nickname).toBe('ada')
  })

  it('emits wix.members.v1.member_updated with the member as it now is', async () => {
    const ada = await member()
    expect((await patch(ada.id, ada.token, { profile: { nickname: 'evented' } })).status).toBe(200)
    const rows = await platform.app.platform.db.kysely
      .selectFrom('events')
      .select(['payload', 'identity'])
      .where('event_type', '=', 'wix.members.v1.member_updated')
      .execute()
    const events = rows.map((row) => ({
      payload: JSON.parse(row.payload) as Record<string, any>,
      identity: JSON.parse(row.identity) as Record<string, unknown>,
    }))
    const event = events.find((item) => item.payload.entityId === ada.id)
    expect(event).toMatchObject({
      payload: {
        entityFqdn: 'wix.members.v1.member',
        slug: 'updated',
        updatedEvent: { currentEntity: { id: ada.id, profile: { nickname: 'evented' } } },
      },
      identity: { identityType: 'MEMBER', memberId: ada.id },
    })
  })
})
