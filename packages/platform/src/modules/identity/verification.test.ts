import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { readMailbox, identityClient } from '../../test-support/identity.js'

/*
 * E-mail verification codes and password recovery, end to end through the real client and the
 * dev mailbox: code attempts, expiry, resend, recovery links and activation.
 */

describe.each(DIALECTS)('verification and recovery on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const email = (name: string) => `${name}-${++seq}-${dialect}@example.com`
  const PASSWORD = 'first password'
  const STOREFRONT = 'http://localhost:5173'

  const newClient = () => identityClient(platform.baseUrl)
  const post = (path: string, body: object, authorization?: string) =>
    fetch(platform.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: JSON.stringify(body),
    })
  const mailbox = (to: string) => readMailbox(platform.baseUrl, to)
  const lastCode = async (to: string) => (await mailbox(to))[0]!.code!
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  const pending = async () => {
    const client = newClient()
    const address = email('ver')
    const result = await client.auth.register({ email: address, password: PASSWORD })
    expect(result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    return { client, address, stateToken: result.data!.stateToken! }
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())
  beforeEach(async () => {
    const response = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: true, ownerApprovalRequired: false }),
    })
    expect(response.status).toBe(200)
    await platform.app.platform.db.kysely.deleteFrom('rate_limit_events').execute()
  })

  it('kills a code after 5 wrong attempts, even for the right code; a resent code works', async () => {
    const { client, address, stateToken } = await pending()
    const code = await lastCode(address)
    const first = await client.auth.processVerification({ code: wrongCode(code) })
    expect(first).toMatchObject({
      loginState: 'FAILURE',
      error: expect.stringMatching(/not correct/),
    })
    const left: unknown[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      const error = await client.verification
        .verifyDuringAuthentication(wrongCode(code), { stateToken })
        .catch((e: { code: string; data: unknown }) => e)
      left.push(error)
    }
    expect(left).toMatchObject(
      [3, 2, 1, 0].map((attemptsLeft) => ({
        code: 'INVALID_VERIFICATION_CODE',
        data: { attemptsLeft },
      })),
    )
    const dead = await client.auth.processVerification({ code })
    expect(dead).toMatchObject({ loginState: 'FAILURE' })
    expect(dead.error).toMatch(/no longer valid \(too many wrong attempts\)/)

    await client.verification.resendDuringAuthentication(stateToken)
    const fresh = await lastCode(address)
    expect(await mailbox(address)).toHaveLength(2)
    expect(await client.auth.processVerification({ code: fresh })).toMatchObject({
      loginState: 'SUCCESS',
    })
  })

  it('refuses an expired code', async () => {
    const { client, address } = await pending()
    const code = await lastCode(address)
    await platform.app.platform.db.kysely
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute()
    const result = await client.auth.processVerification({ code })
    expect(result.error).toMatch(/no longer valid \(it has expired\)/)
  })

  it('refuses a code after it was used, and an unknown state token', async () => {
    const { client, address, stateToken } = await pending()
    const code = await lastCode(address)
    expect((await client.auth.processVerification({ code })).loginState).toBe('SUCCESS')
    const reused = await post('/_api/iam/verification/v1/auth/verify', { code, stateToken })
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_STATE_TOKEN' } },
    })
    const unknown = await post('/_api/iam/verification/v1/auth/resend', { stateToken: 'nope' })
    expect(unknown.status).toBe(400)
  })

  it('starts a verification for a member, completed with the verificationId as state token', async () => {
    const client = newClient()
    const address = email('start')
    // Registered before verification was required: active, e-mail unverified.
    await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: false }),
    })
    const raw = await client.authentication.registerV2({ email: address }, { password: PASSWORD })
    const visitor = await post('/_api/iam/verification/v1/start', { target: 'EMAIL' })
    expect(visitor.status).toBe(401)
    const started = await post(
      '/_api/iam/verification/v1/start',
      { identityId: raw.identity!.id, target: 'EMAIL' },
      platform.adminKey,
    )
    expect(started.status).toBe(200)
    const { verificationId } = (await started.json()) as { verificationId: string }
    const verified = await client.verification.verifyDuringAuthentication(await lastCode(address), {
      stateToken: verificationId,
    })
    expect(verified).toMatchObject({
      state: 'SUCCESS',
      identity: { email: { address, isVerified: true } },
    })
  })

  it('recovers a password end to end: mailed link, recover, login with the new password', async () => {
    const client = newClient()
    const address = email('rec')
    await client.auth.register({ email: address, password: PASSWORD })
    await client.auth.sendPasswordResetEmail(address, `${STOREFRONT}/reset?lang=en`)
    const mail = (await mailbox(address)).find((item) => item.kind === 'RECOVERY_LINK')!
    const link = new URL(mail.link!)
    expect(link.origin + link.pathname).toBe(`${STOREFRONT}/reset`)
    expect(link.searchParams.get('lang')).toBe('en')
    const recoveryToken = link.searchParams.get('recoveryToken')!
    expect(recoveryToken).toMatch(/^[\w-]{43}$/)

    const recovered = await client.recovery.recover(recoveryToken, { password: 'second password' })
    // The link proved the e-mail: the pending verification is done.
    expect(recovered).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { email: { isVerified: true }, status: { name: 'ACTIVE' } },
    })
    expect(await newClient().auth.login({ email: address, password: PASSWORD })).toMatchObject({
      errorCode: 'invalidPassword',
    })
    expect(
      await newClient().auth.login({ email: address, password: 'second password' }),
    ).toMatchObject({ loginState: 'SUCCESS' })
    const twice = await client.recovery
      .recover(recoveryToken, { password: 'third password' })
      .catch((e: unknown) => e)
    expect(twice).toMatchObject({ status: 400, code: 'INVALID_RECOVERY_TOKEN' })
  })

  it('answers 200 for an unknown e-mail without mailing; refuses a foreign redirect', async () => {
    const client = newClient()
    const ghost = email('ghost')
    await client.auth.sendPasswordResetEmail(ghost, `${STOREFRONT}/reset`)
    expect(await mailbox(ghost)).toEqual([])
    const foreign = await client.auth
      .sendPasswordResetEmail(ghost, 'https://attacker.example/steal')
      .catch((e: unknown) => e)
    expect(foreign).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' })
  })

  it('uses the platform page without a redirect; expired links are refused', async () => {
    const client = newClient()
    const address = email('page')
    await client.auth.register({ email: address, password: PASSWORD })
    await client.recovery.sendRecoveryEmail(address)
    const link = new URL((await mailbox(address))[0]!.link!)
    expect(link.pathname).toBe('/_vitrine/recovery')
    await platform.app.platform.db.kysely
      .updateTable('recovery_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    const late = await client.recovery
      .recover(link.searchParams.get('recoveryToken')!, { password: 'another one' })
      .catch((e: unknown) => e)
    expect(late).toMatchObject({ status: 400, code: 'INVALID_RECOVERY_TOKEN' })
  })

  it('sends an activation link (elevated only) that sets the first password', async () => {
    const signedOn = newClient()
    const address = email('act')
    await signedOn.auth.getMemberTokensForExternalLoginWithSession(address, platform.adminKey)
    const members = await fetch(`${platform.baseUrl}/_vitrine/members`, {
      headers: { authorization: platform.adminKey },
    })
    const { members: list } = (await members.json()) as {
      members: { id: string; email: { address: string } }[]
    }
    const member = list.find((item) => item.email.address === address)!
    const asVisitor = await post('/_api/iam/recovery/v1/activation-email', {
      identityId: member.id,
    })
    expect(asVisitor.status).toBe(401)
    const sent = await post(
      '/_api/iam/recovery/v1/activation-email',
      { identityId: member.id, emailOptions: { redirect: { url: `${STOREFRONT}/activate` } } },
      platform.adminKey,
    )
    expect(sent.status).toBe(200)
    const mail = (await mailbox(address))[0]!
    expect(mail.kind).toBe('ACTIVATION_LINK')
    const token = new URL(mail.link!).searchParams.get('recoveryToken')!
    expect((await newClient().recovery.recover(token, { password: PASSWORD })).state).toBe(
      'SUCCESS',
    )
    expect(await newClient().auth.login({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'SUCCESS',
    })
  })
})
