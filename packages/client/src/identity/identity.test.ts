import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { createHttp } from '../http/pipeline.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { authentication, loginV2, logout, registerV2 } from './authentication.js'
import { recover, recovery, sendActivationEmail, sendRecoveryEmail } from './recovery.js'
import {
  resendDuringAuthentication,
  start,
  verification,
  verifyDuringAuthentication,
} from './verification.js'
import type { StateMachineResponse } from './types.js'

/** A state-machine answer as the wire sends it: dates as ISO strings, non-finite floats as strings. */
const wireStateMachine = () => ({
  state: 'SUCCESS',
  sessionToken: 'session-1',
  identity: {
    id: 'identity-1',
    revision: '3',
    createdDate: '2024-01-02T03:04:05.000Z',
    updatedDate: '2024-02-03T04:05:06.000Z',
    identityProfile: {
      firstName: 'Ada',
      customFields: [
        { name: 'born', value: { dateValue: '1815-12-10T00:00:00.000Z' } },
        { name: 'score', value: { numValue: 'NaN' } },
        { name: 'plain', value: { strValue: '2024-01-02T03:04:05.000Z' } },
      ],
      addresses: [{ tag: 'HOME', address: { city: 'London', country: 'GB' } }],
    },
    email: { address: 'ada@example.com', isVerified: true },
    status: { name: 'ACTIVE', reasons: [] },
  },
  additionalData: {
    joined: { dateValue: '2023-05-06T07:08:09.000Z' },
    limit: { numValue: 'Infinity' },
    label: { strValue: 'x' },
  },
})

/** Asserts that `response` is {@link wireStateMachine} decoded as IDENT_RESP says. */
function expectDecodedStateMachine(response: StateMachineResponse) {
  const identity = response.identity!
  expect(identity.createdDate).toEqual(new Date('2024-01-02T03:04:05.000Z'))
  expect(identity.updatedDate).toEqual(new Date('2024-02-03T04:05:06.000Z'))
  const fields = identity.identityProfile!.customFields!
  expect(fields[0]!.value!.dateValue).toEqual(new Date('1815-12-10T00:00:00.000Z'))
  expect(fields[1]!.value!.numValue).toBeNaN()
  expect(fields[2]!.value!.strValue).toBe('2024-01-02T03:04:05.000Z')
  expect(identity.identityProfile!.addresses).toEqual([
    { tag: 'HOME', address: { city: 'London', country: 'GB' } },
  ])
  expect(response.additionalData!.joined!.dateValue).toEqual(new Date('2023-05-06T07:08:09.000Z'))
  expect(response.additionalData!.limit!.numValue).toBe(Infinity)
  expect(response.additionalData!.label).toEqual({ strValue: 'x' })
  expect(response).toMatchObject({ state: 'SUCCESS', sessionToken: 'session-1' })
}

/** A client with every identity module, on a spy `fetch` that answers `body`. */
function identityClient(body: unknown = {}) {
  const spy = spyFetch(() => ({ body }))
  const client = createClient({
    modules: { authentication, recovery, verification },
    fetch: spy,
    baseUrl: 'https://api.test',
    auth: { getAuthHeaders: () => ({ headers: { Authorization: 'TOKEN' } }) },
  })
  return { spy, client }
}

type Client = ReturnType<typeof identityClient>['client']

const profile = {
  firstName: 'Ada',
  customFields: [
    { name: 'born', value: { dateValue: new Date('1815-12-10T00:00:00.000Z') } },
    { name: 'score', value: { numValue: NaN } },
  ],
}
const captchaTokens = [{ Recaptcha: 'r' }, { InvisibleRecaptcha: 'i' }, { NoCaptcha: 'n' }]

// Each POST call: what the caller passes, and the path and JSON body that must go on the wire.
const posts: {
  name: string
  call: (client: Client) => Promise<unknown>
  path: string
  body: unknown
  stateMachine?: true
}[] = [
  {
    name: 'registerV2',
    call: (c) =>
      c.authentication.registerV2(
        { email: 'ada@example.com' },
        { password: 'pw', profile, captchaTokens, clientMetaData: { a: 'b' } },
      ),
    path: '/_api/iam/authentication/v2/register',
    body: {
      loginId: { email: 'ada@example.com' },
      password: 'pw',
      profile: {
        firstName: 'Ada',
        customFields: [
          { name: 'born', value: { dateValue: '1815-12-10T00:00:00.000Z' } },
          { name: 'score', value: { numValue: 'NaN' } },
        ],
      },
      captchaTokens,
      clientMetaData: { a: 'b' },
    },
    stateMachine: true,
  },
  {
    name: 'registerV2 without options',
    call: (c) => c.authentication.registerV2({ email: 'ada@example.com' }),
    path: '/_api/iam/authentication/v2/register',
    body: { loginId: { email: 'ada@example.com' } },
    stateMachine: true,
  },
  {
    name: 'loginV2',
    call: (c) =>
      c.authentication.loginV2(
        { email: 'ada@example.com' },
        { password: 'pw', captchaTokens, clientMetaData: { a: 'b' }, stateToken: 'st' },
      ),
    path: '/_api/iam/authentication/v2/login',
    body: {
      loginId: { email: 'ada@example.com' },
      password: 'pw',
      captchaTokens,
      clientMetaData: { a: 'b' },
      stateToken: 'st',
    },
    stateMachine: true,
  },
  {
    name: 'changePassword',
    call: (c) => c.authentication.changePassword('new-pw'),
    path: '/_api/iam/authentication/v2/change-password',
    body: { newPassword: 'new-pw' },
  },
  {
    name: 'signOn',
    call: (c) =>
      c.authentication.signOn(
        { email: 'ada@example.com' },
        { profile: { firstName: 'Ada' }, verifyEmail: true, mergeExistingContact: false },
      ),
    path: '/_api/iam/authentication/v2/sign-on',
    body: {
      loginId: { email: 'ada@example.com' },
      profile: { firstName: 'Ada' },
      verifyEmail: true,
      mergeExistingContact: false,
    },
  },
  {
    name: 'validateEmail',
    call: (c) => c.authentication.validateEmail('ada@example.com'),
    path: '/_api/iam/authentication/v2/validate-email',
    body: { email: 'ada@example.com' },
  },
  {
    name: 'register (v1)',
    call: (c) =>
      c.authentication.register({
        identity: { identityProfile: { firstName: 'Ada' } },
        authenticatorId: 'password',
        inputs: [{ name: 'password', value: 'pw' }],
        captchaTokens: [{ recaptchaForClientSiteKey: { token: 't', siteKeyId: 'k' } }],
      }),
    path: '/_api/iam/authentication/v1/register',
    body: {
      identity: { identityProfile: { firstName: 'Ada' } },
      authenticatorId: 'password',
      inputs: [{ name: 'password', value: 'pw' }],
      captchaTokens: [{ recaptchaForClientSiteKey: { token: 't', siteKeyId: 'k' } }],
    },
    stateMachine: true,
  },
  {
    name: 'login (v1)',
    call: (c) =>
      c.authentication.login({
        identifier: { email: 'ada@example.com' },
        authenticatorId: 'password',
        inputs: [{ name: 'password', value: 'pw' }],
        captchaTokens: [{ Recaptcha: 'r' }],
        loginId: { email: 'ada@example.com' },
      }),
    path: '/_api/iam/authentication/v1/login',
    body: {
      identifier: { email: 'ada@example.com' },
      authenticatorId: 'password',
      inputs: [{ name: 'password', value: 'pw' }],
      captchaTokens: [{ Recaptcha: 'r' }],
      loginId: { email: 'ada@example.com' },
    },
    stateMachine: true,
  },
  {
    name: 'loginWithIdpConnectionTokenParams',
    call: (c) => c.authentication.loginWithIdpConnectionTokenParams('idp-1', { id_token: 'jwt' }),
    path: '/_api/iam/authentication/v1/sso/login-with-token-params',
    body: { idpConnectionId: 'idp-1', tokenParams: { id_token: 'jwt' } },
    stateMachine: true,
  },
  {
    name: 'proceedToNextState',
    call: (c) => c.authentication.proceedToNextState('st'),
    path: '/_api/iam/authentication/v1/state/proceed',
    body: { stateToken: 'st' },
    stateMachine: true,
  },
  {
    name: 'recovery.sendRecoveryEmail',
    call: (c) =>
      c.recovery.sendRecoveryEmail('ada@example.com', {
        language: 'en',
        redirect: { url: 'https://shop.test/reset', clientId: 'client-1' },
      }),
    path: '/_api/iam/recovery/v1/send-email',
    body: {
      email: 'ada@example.com',
      language: 'en',
      redirect: { url: 'https://shop.test/reset', clientId: 'client-1' },
    },
  },
  {
    name: 'recovery.sendActivationEmail',
    call: (c) =>
      c.recovery.sendActivationEmail('identity-1', {
        emailOptions: { language: 'fr', redirect: { url: 'https://shop.test', clientId: 'c' } },
      }),
    path: '/_api/iam/recovery/v1/activation-email',
    body: {
      identityId: 'identity-1',
      emailOptions: { language: 'fr', redirect: { url: 'https://shop.test', clientId: 'c' } },
    },
  },
  {
    name: 'recovery.recover',
    call: (c) => c.recovery.recover('recovery-token', { password: 'new-pw' }),
    path: '/_api/iam/recovery/v1/recover',
    body: { recoveryToken: 'recovery-token', password: 'new-pw' },
    stateMachine: true,
  },
  {
    name: 'verification.start',
    call: (c) => c.verification.start({ identityId: 'identity-1', target: 'EMAIL' }),
    path: '/_api/iam/verification/v1/start',
    body: { identityId: 'identity-1', target: 'EMAIL' },
  },
  {
    name: 'verification.start without options',
    call: (c) => c.verification.start(),
    path: '/_api/iam/verification/v1/start',
    body: {},
  },
  {
    name: 'verification.verifyDuringAuthentication',
    call: (c) => c.verification.verifyDuringAuthentication('123456', { stateToken: 'st' }),
    path: '/_api/iam/verification/v1/auth/verify',
    body: { code: '123456', stateToken: 'st' },
    stateMachine: true,
  },
  {
    name: 'verification.resendDuringAuthentication',
    call: (c) => c.verification.resendDuringAuthentication('st'),
    path: '/_api/iam/verification/v1/auth/resend',
    body: { stateToken: 'st' },
  },
]

describe.each(posts)('$name', ({ call, path, body, stateMachine }) => {
  it('POSTs the wire body to the public path with the raw token', async () => {
    const { spy, client } = identityClient()
    await call(client)
    expect(spy.requests).toHaveLength(1)
    expect(spy.last).toMatchObject({ method: 'POST', path, query: {} })
    expect(spy.last.url.origin).toBe('https://api.test')
    expect(spy.last.body).toEqual(body)
    expect(spy.last.headers.authorization).toBe('TOKEN')
    expect(spy.last.headers['content-type']).toBe('application/json')
  })

  if (stateMachine) {
    it('decodes the state-machine answer (IDENT_RESP)', async () => {
      const { client } = identityClient(wireStateMachine())
      expectDecodedStateMachine((await call(client)) as StateMachineResponse)
    })
  }
})

describe('answers', () => {
  it('signOn returns {sessionToken, identity} with the identity decoded', async () => {
    const wire = wireStateMachine()
    const { client } = identityClient({ sessionToken: 's', identity: wire.identity })
    const { sessionToken, identity } = await client.authentication.signOn({ email: 'a@b.c' })
    expect(sessionToken).toBe('s')
    expect(identity.createdDate).toEqual(new Date('2024-01-02T03:04:05.000Z'))
    expect(identity.identityProfile!.customFields![0]!.value!.dateValue).toBeInstanceOf(Date)
    expect(identity.identityProfile!.customFields![1]!.value!.numValue).toBeNaN()
  })

  it('validateEmail, start and the void calls pass the answer through or resolve undefined', async () => {
    const { client } = identityClient({ valid: false, failure: { reason: 'EXISTS' } })
    expect(await client.authentication.validateEmail('a@b.c')).toEqual({
      valid: false,
      failure: { reason: 'EXISTS' },
    })
    expect(await client.authentication.changePassword('x')).toBeUndefined()
    expect(await client.recovery.sendRecoveryEmail('a@b.c')).toBeUndefined()
    expect(await client.verification.resendDuringAuthentication('st')).toBeUndefined()
    const started = identityClient({ verificationId: 'v-1' }).client
    expect(await started.verification.start({ target: 'EMAIL' })).toEqual({ verificationId: 'v-1' })
  })

  it('leaves a response without identity or additionalData as it is', async () => {
    const { client } = identityClient({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' })
    expect(await client.authentication.loginV2({ email: 'a@b.c' })).toEqual({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: 'st',
    })
  })
})

describe('logout', () => {
  it('GETs the public path with the query and no body', async () => {
    const { spy, client } = identityClient()
    await client.authentication.logout({
      postLogoutRedirectUri: 'https://shop.test/bye?x=1',
      clientId: 'client-1',
    })
    expect(spy.last).toMatchObject({
      method: 'GET',
      path: '/_api/iam/authentication/v1/logout',
      query: { postLogoutRedirectUri: 'https://shop.test/bye?x=1', clientId: 'client-1' },
      body: undefined,
    })
    expect(spy.last.headers.authorization).toBe('TOKEN')
    expect(spy.last.headers['content-type']).toBeUndefined()
  })

  it('sends no query without options', async () => {
    const { spy, client } = identityClient()
    await client.authentication.logout()
    expect(spy.last.url.search).toBe('')
  })

  it('decodes the base64 body to bytes', async () => {
    const headers = [{ key: 'Location', value: 'https://shop.test/bye' }]
    const { client } = identityClient({ body: btoa('hello'), statusCode: 302, headers })
    const response = await client.authentication.logout({ clientId: 'c' })
    expect(response.body).toBeInstanceOf(Uint8Array)
    expect(new TextDecoder().decode(response.body)).toBe('hello')
    expect(response).toMatchObject({ statusCode: 302, headers })
  })
})

describe('standalone operations', () => {
  // The modules' other members are the official modules' enumerations (module-enumerations.test.ts).
  const operations = (module: object) =>
    Object.fromEntries(Object.entries(module).filter(([, value]) => typeof value === 'function'))

  it('are the module members, so one can be imported alone', () => {
    expect(authentication.loginV2).toBe(loginV2)
    expect(authentication.registerV2).toBe(registerV2)
    expect(authentication.logout).toBe(logout)
    expect(Object.keys(operations(authentication))).toEqual([
      'registerV2',
      'loginV2',
      'changePassword',
      'signOn',
      'logout',
      'validateEmail',
      'register',
      'login',
      'loginWithIdpConnectionTokenParams',
      'proceedToNextState',
    ])
    expect(operations(recovery)).toEqual({ sendRecoveryEmail, sendActivationEmail, recover })
    expect(operations(verification)).toEqual({
      start,
      verifyDuringAuthentication,
      resendDuringAuthentication,
    })
  })

  it('work bound to a bare pipeline, with per-call headers and no auth', async () => {
    const spy = spyFetch(() => ({ body: wireStateMachine() }))
    const http = createHttp({ fetch: spy })
    const response = await loginV2(http)(
      { email: 'a@b.c' },
      { password: 'pw' },
      { headers: { 'x-extra': '1' } },
    )
    expect(spy.last.url.href).toBe('https://www.wixapis.com/_api/iam/authentication/v2/login')
    expect(spy.last.headers['x-extra']).toBe('1')
    expect(spy.last.headers.authorization).toBeUndefined()
    expectDecodedStateMachine(response)
  })
})
