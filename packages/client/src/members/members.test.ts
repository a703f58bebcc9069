import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { isApiError } from '../errors/api-error.js'
import { spyFetch, type Recorded } from '../test-support/spy-fetch.js'
import { members } from './members.js'

type Reply = { status?: number; body?: unknown; statusText?: string }

function setup(
  responder: (request: Recorded) => Reply = () => ({ body: { member: wireMember() } }),
) {
  const spy = spyFetch(responder)
  const client = createClient({
    modules: { members },
    // A member's access token, sent raw (no "Bearer").
    auth: { getAuthHeaders: () => ({ headers: { Authorization: 'MEMBER-TOKEN' } }) },
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, client }
}

const ISO = '2026-03-04T05:06:07.000Z'
const wireMember = () => ({
  id: 'm1',
  contactId: 'c1',
  loginEmail: 'ada@example.com',
  status: 'APPROVED',
  contact: { firstName: 'Ada', lastName: 'Lovelace', phones: [], emails: [], addresses: [] },
  profile: {
    nickname: 'ada',
    slug: 'ada',
    photo: { id: 'p1', url: 'https://static.test/p1', width: 100, height: 80 },
  },
  createdDate: ISO,
  updatedDate: ISO,
  lastLoginDate: ISO,
})

describe('members: requests (wire-orders-members §2.1)', () => {
  it('getCurrentMember: GET /members/v1/members/my with no parameters at all, the whole {member}', async () => {
    const { spy, client } = setup()
    const response = await client.members.getCurrentMember()
    expect(spy.last).toMatchObject({
      method: 'GET',
      path: '/members/v1/members/my',
      body: undefined,
    })
    expect(spy.last.url.search).toBe('')
    expect(spy.last.headers.authorization).toBe('MEMBER-TOKEN')
    expect(spy.last.headers['content-type']).toBeUndefined()
    expect(response.member.id).toBe('m1')
  })

  it('getCurrentMember: one fieldsets parameter per value', async () => {
    const { spy, client } = setup()
    await client.members.getCurrentMember({ fieldsets: ['PUBLIC', 'EXTENDED'] })
    expect(spy.last.url.search).toBe('?fieldsets=PUBLIC&fieldsets=EXTENDED')
    await client.members.getCurrentMember({ fieldsets: ['FULL'] })
    expect(spy.last.url.search).toBe('?fieldsets=FULL')
  })

  it('updateMember: PATCH /members/v1/members/{member.id} with {member:{…changed, id}}, unwrapped', async () => {
    const { spy, client } = setup()
    const member = await client.members.updateMember('m1', {
      contact: { firstName: 'A', phones: ['1'] },
      profile: { nickname: 'N' },
    })
    expect(spy.last).toMatchObject({ method: 'PATCH', path: '/members/v1/members/m1', query: {} })
    expect(spy.last.headers['content-type']).toBe('application/json')
    // The body the facts file observed from the official client.
    expect(JSON.stringify(spy.last.body)).toBe(
      '{"member":{"contact":{"firstName":"A","phones":["1"]},"profile":{"nickname":"N"},"id":"m1"}}',
    )
    expect(member.contact?.firstName).toBe('Ada')
  })

  it('updateMember sends "" to clear a field, and the id given wins over one in the fields', async () => {
    const { spy, client } = setup()
    await client.members.updateMember('m1', { contact: { lastName: '' }, id: 'm2' })
    expect(spy.last.path).toBe('/members/v1/members/m1')
    expect(spy.last.body).toEqual({ member: { contact: { lastName: '' }, id: 'm1' } })
  })

  it('updateCurrentMemberSlug: POST /members/v1/members/my/slug with {slug}, the whole {member}', async () => {
    const { spy, client } = setup()
    const { member } = await client.members.updateCurrentMemberSlug('ada-l')
    expect(spy.last).toMatchObject({
      method: 'POST',
      path: '/members/v1/members/my/slug',
      query: {},
    })
    expect(spy.last.body).toEqual({ slug: 'ada-l' })
    expect(member.createdDate).toBeInstanceOf(Date)
  })
})

describe('members: response codecs (wire-orders-members §2.1)', () => {
  it('decodes createdDate, updatedDate and lastLoginDate of every answer; the photo stays an object', async () => {
    const { client } = setup()
    const date = new Date(ISO)
    const answers = [
      (await client.members.getCurrentMember()).member,
      await client.members.updateMember('m1', { profile: { nickname: 'N' } }),
      (await client.members.updateCurrentMemberSlug('ada')).member,
    ]
    for (const member of answers) {
      expect(member).toMatchObject({ createdDate: date, updatedDate: date, lastLoginDate: date })
      expect(member.profile?.photo).toEqual({
        id: 'p1',
        url: 'https://static.test/p1',
        width: 100,
        height: 80,
      })
    }
  })
})

describe('members: errors', () => {
  it('a 404 (no member behind the token) is an ApiError', async () => {
    const { client } = setup(() => ({
      status: 404,
      statusText: 'Not Found',
      body: { message: 'Member not found', details: { applicationError: { code: 'NOT_FOUND' } } },
    }))
    const error = await client.members.getCurrentMember().catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'application', status: 404, code: 'NOT_FOUND' })
  })

  it('a 403 (updating another member) is a client ApiError', async () => {
    const { client } = setup(() => ({ status: 403, statusText: 'Forbidden', body: {} }))
    await expect(
      client.members.updateMember('m2', { contact: { firstName: 'X' } }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'client',
      status: 403,
      code: 'FORBIDDEN',
    })
  })

  it('a taken slug is an application ApiError with SLUG_ALREADY_EXISTS', async () => {
    const { client } = setup(() => ({
      status: 409,
      statusText: 'Conflict',
      body: {
        message: 'Slug already exists',
        details: { applicationError: { code: 'SLUG_ALREADY_EXISTS', description: 'ada' } },
      },
    }))
    await expect(client.members.updateCurrentMemberSlug('ada')).rejects.toMatchObject({
      kind: 'application',
      status: 409,
      code: 'SLUG_ALREADY_EXISTS',
    })
  })

  it("refuses the official client's `_id` in an update's fields, and sends nothing", async () => {
    const { spy, client } = setup()
    const call = client.members.updateMember('m1', {
      contact: { addresses: [{ _id: 'a1', city: 'Paris' } as never] },
    })
    await expect(call).rejects.toThrow('`member.contact.addresses.0._id`')
    expect(spy.requests).toHaveLength(0)
  })
})
