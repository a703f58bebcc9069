import { isApiError } from '@vitrine/client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { transaction } from '../../db/transaction.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { secretHash } from '../../auth/secrets.js'
import { consumeSessionToken } from './sessions.js'
import { readMailbox, identityClient } from '../../test-support/identity.js'

/*
 * Registration and login through the real client's OAuthStrategy: every row of the login mapping
 * table (SPEC §4) and every registration and login error code of SPEC §8, each produced by what
 * the platform really does.
 */

describe.each(DIALECTS)('member registration and login on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const email = (name: string) => `${name}-${++seq}-${dialect}@Example.com`
  const PASSWORD = 'correct horse 1'

  const newClient = () => identityClient(platform.baseUrl)
  const admin = (method: string, path: string, body?: object) =>
    fetch(platform.baseUrl + path, {
      method,
      headers: {
        authorization: platform.adminKey,
        ...(body && { 'content-type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
    })
  const settings = async (patch: object) =>
    expect((await admin('PATCH', '/_vitrine/site/settings', patch)).status).toBe(200)
  const mailbox = (to: string) => readMailbox(platform.baseUrl, to)
  const captcha = async () => {
    const response = await fetch(`${platform.baseUrl}/_vitrine/dev/captcha-token`, {
      method: 'POST',
    })
    return ((await response.json()) as { token: string }).token
  }
  /** Spends a session token as the storefront's client, which the tokens here are bound to. */
  const spend = (token: string) =>
    transaction(platform.app.platform.db, (trx) =>
      consumeSessionToken(trx, secretHash(token, 'demo-storefront')),
    )

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())
  beforeEach(async () => {
    await settings({
      emailVerificationRequired: false,
      ownerApprovalRequired: false,
      captchaRequired: false,
    })
    await platform.app.platform.db.kysely.deleteFrom('rate_limit_events').execute()
  })

  it('SUCCESS: registers and logs in, with a session token that can be spent once', async () => {
    const client = newClient()
    const address = email('ada')
    const registered = await client.auth.register({
      email: address,
      password: PASSWORD,
      profile: { firstName: 'Ada', nickname: 'ada' },
    })
    expect(registered).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: expect.any(String) },
    })

    const loggedIn = await newClient().auth.login({
      email: address.toUpperCase(),
      password: PASSWORD,
    })
    expect(loggedIn.loginState).toBe('SUCCESS')
    const token = loggedIn.data!.sessionToken!
    expect(token).not.toBe(registered.data!.sessionToken)

    const identityId = await spend(token)
    expect(identityId).toEqual(expect.any(String))
    expect(await spend(token)).toBeUndefined()
    expect(await spend('not-a-session-token')).toBeUndefined()
    expect(await spend(registered.data!.sessionToken!)).toBe(identityId)
  })

  it('answers the identity in the wire shape', async () => {
    const client = newClient()
    const address = email('wire')
    const reply = await client.authentication.registerV2(
      { email: address },
      {
        password: PASSWORD,
        profile: { firstName: 'Wire', customFields: [{ name: 'n', value: { numValue: 2 } }] },
      },
    )
    expect(reply).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) })
    expect(reply.identity).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.any(Date),
      updatedDate: expect.any(Date),
      connections: [
        {
          authenticatorConnection: {
            authenticatorConnectionId: 'password',
            reEnrollmentRequired: false,
          },
        },
      ],
      identityProfile: { firstName: 'Wire', customFields: [{ name: 'n', value: { numValue: 2 } }] },
      metadata: { tags: [] },
      email: { address, isVerified: false },
      status: { name: 'ACTIVE', reasons: [] },
      factors: [],
    })
  })

  it('EMAIL_VERIFICATION_REQUIRED: mails a code; processVerification answers SUCCESS', async () => {
    await settings({ emailVerificationRequired: true })
    const client = newClient()
    const address = email('eve')
    const registered = await client.auth.register({ email: address, password: PASSWORD })
    expect(registered).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: expect.any(String) },
    })
    const [mail] = await mailbox(address)
    expect(mail).toMatchObject({ to: address, kind: 'VERIFICATION_CODE' })
    expect(mail!.code).toMatch(/^\d{6}$/)

    // Logging in before verifying asks for verification again, with a new code.
    const early = await newClient().auth.login({ email: address, password: PASSWORD })
    expect(early.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    expect(await mailbox(address)).toHaveLength(2)

    const verified = await client.auth.processVerification({ verificationCode: mail!.code! })
    expect(verified).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } })
    expect(await spend(verified.data!.sessionToken!)).toEqual(expect.any(String))

    // Verified once: plain logins now succeed.
    const later = await newClient().auth.login({ email: address, password: PASSWORD })
    expect(later.loginState).toBe('SUCCESS')
  })

  it('OWNER_APPROVAL_REQUIRED until the owner approves; state/proceed then succeeds', async () => {
    await settings({ ownerApprovalRequired: true })
    const client = newClient()
    const address = email('olga')
    const raw = await client.authentication.registerV2({ email: address }, { password: PASSWORD })
    expect(raw).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: expect.any(String) })
    expect(raw.identity?.status).toEqual({
      name: 'PENDING',
      reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'],
    })
    expect(await client.auth.login({ email: address, password: PASSWORD })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
    const waiting = await client.authentication.proceedToNextState(raw.stateToken!)
    expect(waiting).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: raw.stateToken })
    // loginV2 with only the state token continues the same flow, for the same e-mail only.
    const resumed = await client.authentication.loginV2(
      { email: address },
      { stateToken: raw.stateToken },
    )
    expect(resumed).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL' })
    const foreign = await client.authentication
      .loginV2({ email: email('other') }, { stateToken: raw.stateToken })
      .catch((e: unknown) => e)
    expect(foreign).toMatchObject({ status: 400, code: 'INVALID_STATE_TOKEN' })

    const pending = await admin('GET', '/_vitrine/members?status=PENDING')
    const { members } = (await pending.json()) as { members: { id: string }[] }
    expect(members.map((member) => member.id)).toContain(raw.identity!.id)
    const approved = await admin('POST', `/_vitrine/members/${raw.identity!.id}/approve`)
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ identity: { status: { name: 'ACTIVE' } } })
    expect((await mailbox(address))[0]).toMatchObject({ kind: 'MEMBER_APPROVED' })

    const proceeded = await client.authentication.proceedToNextState(raw.stateToken!)
    expect(proceeded).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) })
    // The state token is finished once it led to a session.
    const again = await client.authentication.proceedToNextState(raw.stateToken!).catch((e) => e)
    expect(again).toMatchObject({ status: 400, code: 'INVALID_STATE_TOKEN' })
    expect(await client.auth.login({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'SUCCESS',
    })
  })

  it('verification first, then owner approval, when the site requires both', async () => {
    await settings({ emailVerificationRequired: true, ownerApprovalRequired: true })
    const client = newClient()
    const address = email('both')
    expect((await client.auth.register({ email: address, password: PASSWORD })).loginState).toBe(
      'EMAIL_VERIFICATION_REQUIRED',
    )
    const [mail] = await mailbox(address)
    expect(await client.auth.processVerification({ code: mail!.code! })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
  })

  it('STATUS_CHECK for a blocked member: the client reports FAILURE "Unknown _state"', async () => {
    const client = newClient()
    const address = email('bob')
    const raw = await client.authentication.registerV2({ email: address }, { password: PASSWORD })
    expect((await admin('POST', `/_vitrine/members/${raw.identity!.id}/block`)).status).toBe(200)
    const direct = await client.authentication.loginV2({ email: address }, { password: PASSWORD })
    expect(direct).toMatchObject({
      state: 'STATUS_CHECK',
      identity: { status: { name: 'BLOCKED' } },
    })
    expect(direct.sessionToken).toBeUndefined()
    expect(await client.auth.login({ email: address, password: PASSWORD })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
    // The session of its registration died with the block.
    expect(await spend(raw.sessionToken!)).toBeUndefined()
  })

  it('-19995: an e-mail registers once, whatever its case', async () => {
    const address = email('dup')
    await newClient().auth.register({ email: address, password: PASSWORD })
    const again = await newClient().auth.register({
      email: address.toLowerCase(),
      password: PASSWORD,
    })
    expect(again).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' })
  })

  it('invalidEmail: a malformed e-mail is an EMAIL field violation', async () => {
    const client = newClient()
    const result = await client.auth.register({ email: 'not-an-email', password: PASSWORD })
    expect(result).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid e-mail address',
      errorCode: 'invalidEmail',
    })
    const error = await client.authentication
      .registerV2({ email: 'a b@c.d' }, { password: PASSWORD })
      .catch((e: unknown) => e)
    if (!isApiError(error)) throw error
    expect(error.fieldViolations).toEqual([
      {
        field: 'loginId.email',
        description: 'must be a valid e-mail address',
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      },
    ])
    // Login falls back to invalidEmail for it as well.
    expect(await client.auth.login({ email: 'nope', password: PASSWORD })).toMatchObject({
      errorCode: 'invalidEmail',
    })
  })

  it('-19976: a wrong password and an unknown e-mail get the same answer', async () => {
    const address = email('pw')
    await newClient().auth.register({ email: address, password: PASSWORD })
    const wrong = await newClient().auth.login({ email: address, password: 'wrong password' })
    const unknown = await newClient().auth.login({ email: email('ghost'), password: PASSWORD })
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' })
    expect(unknown).toEqual(wrong)
  })

  it('-19973: a member without a password must reset it', async () => {
    const address = email('signed-on')
    const client = newClient()
    await client.auth.getMemberTokensForExternalLoginWithSession(address, platform.adminKey)
    expect(await newClient().auth.login({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'resetPassword',
    })
  })

  it('-19971 / -19970: a site that requires a captcha refuses none, a forged, a spent one', async () => {
    await settings({ captchaRequired: true })
    const address = email('cap')
    const client = newClient()
    expect(await client.auth.register({ email: address, password: PASSWORD })).toMatchObject({
      errorCode: 'missingCaptchaToken',
    })
    const token = await captcha()
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    expect(
      await client.auth.register({
        email: address,
        password: PASSWORD,
        captchaTokens: { recaptchaToken: forged },
      }),
    ).toMatchObject({ errorCode: 'invalidCaptchaToken' })
    expect(
      await client.auth.register({
        email: address,
        password: PASSWORD,
        captchaTokens: { recaptchaToken: token },
      }),
    ).toMatchObject({ loginState: 'SUCCESS' })

    expect(await client.auth.login({ email: address, password: PASSWORD })).toMatchObject({
      errorCode: 'missingCaptchaToken',
    })
    // A captcha token works once.
    const spent = { invisibleRecaptchaToken: token }
    expect(
      await client.auth.login({ email: address, password: PASSWORD, captchaTokens: spent }),
    ).toMatchObject({ errorCode: 'invalidCaptchaToken' })
    const fresh = { invisibleRecaptchaToken: await captcha() }
    expect(
      await client.auth.login({ email: address, password: PASSWORD, captchaTokens: fresh }),
    ).toMatchObject({ loginState: 'SUCCESS' })
  })

  it('refuses an expired captcha token', async () => {
    await settings({ captchaRequired: true })
    const token = await captcha()
    const [, expires] = token.split('.')
    // Re-dating the token breaks its signature: expiry cannot be extended by the holder.
    const redated = token.replace(`.${expires}.`, `.${Number(expires) + 3600}.`)
    const result = await newClient().auth.register({
      email: email('late'),
      password: PASSWORD,
      captchaTokens: { recaptchaToken: redated },
    })
    expect(result).toMatchObject({ errorCode: 'invalidCaptchaToken' })
  })

  it('takes the v1 register and login shapes, and answers the same state machine', async () => {
    const client = newClient()
    const address = email('v1')
    const registered = await client.authentication.register({
      identity: { email: { address }, identityProfile: { firstName: 'Vee' } },
      authenticatorId: 'password',
      inputs: [{ name: 'password', value: PASSWORD }],
    })
    expect(registered).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { identityProfile: { firstName: 'Vee' } },
    })
    const loggedIn = await client.authentication.login({
      identifier: { email: address },
      authenticatorId: 'password',
      inputs: [{ name: 'password', value: PASSWORD }],
    })
    expect(loggedIn).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) })
    const wrong = await client.authentication
      .login({ loginId: { email: address }, inputs: [{ name: 'password', value: 'nope nope' }] })
      .catch((e: unknown) => e)
    expect(wrong).toMatchObject({ status: 401, code: '-19976' })
    const otherAuthenticator = await client.authentication
      .login({ identifier: { email: address }, authenticatorId: 'sms', inputs: [] })
      .catch((e: unknown) => e)
    expect(otherAuthenticator).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' })
  })

  it('refuses a too short password with a field violation', async () => {
    const result = await newClient().auth.register({ email: email('short'), password: '123' })
    expect(result.loginState).toBe('FAILURE')
    expect(result.error).toMatch(/^INVALID_ARGUMENT: "password" /)
  })
})
