import { guard, requireElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { empty, type SchemaApp } from '../../http/schema.js'
import { adminRoutes } from './admin.js'
import { captchaTokenRoutes } from './captcha.js'
import { forCaller, type IdentityContext } from './identity-context.js'
import { login, proceed, register, signOn } from './login.js'
import { mailboxRoutes } from './mail.js'
import { memberRoutes } from './member-api.js'
import { requireEmail, validateEmail } from './members.js'
import { changePassword, requireNewPassword } from './passwords.js'
import { recoveryRoutes } from './recovery.js'
import { identitySchemas as schemas, type InputBody } from './schema.js'
import { logout } from './sessions.js'
import { loginWithIdp } from './sso.js'
import { verificationRoutes } from './verification.js'

const AUTH = '/_api/iam/authentication'

/** The password of a v1 call: the `password` input, for the `password` authenticator only. */
function passwordInput(body: { authenticatorId?: string; inputs?: InputBody[] }, isNew: boolean) {
  if (body.authenticatorId !== undefined && body.authenticatorId !== 'password')
    throw PlatformError.invalid('authenticatorId', 'must be "password"', 'INVALID_ENUM_VALUE')
  const index = body.inputs?.findIndex((input) => input.name === 'password') ?? -1
  const value = index >= 0 ? body.inputs![index]!.value : undefined
  if (!value)
    throw PlatformError.invalid('inputs', 'must hold the password input', 'REQUIRED_FIELD')
  if (isNew) requireNewPassword(`inputs[${index}].value`, value)
  return value
}

/**
 * The authentication calls (wire contract §5.2): v2 register, login, change-password, sign-on,
 * validate-email; v1 logout, register, login, SSO login-with-token-params and state/proceed.
 */
export function authenticationRoutes(app: SchemaApp, ctx: IdentityContext): void {
  app.post(`${AUTH}/v2/register`, { schema: { body: schemas.registerV2 } }, async (request) => {
    const { body } = request
    return register(forCaller(ctx, request), {
      email: requireEmail('loginId.email', body.loginId.email),
      password: body.password,
      profile: body.profile,
      captchaTokens: body.captchaTokens,
    })
  })

  app.post(`${AUTH}/v2/login`, { schema: { body: schemas.loginV2 } }, async (request) => {
    const { body, ip } = request
    const email = requireEmail('loginId.email', body.loginId.email)
    if (body.password === undefined && body.stateToken)
      return proceed(forCaller(ctx, request), body.stateToken, email)
    if (!body.password) throw PlatformError.invalid('password', 'is required', 'REQUIRED_FIELD')
    return login(forCaller(ctx, request), {
      email,
      password: body.password,
      captchaTokens: body.captchaTokens,
      remoteAddress: ip,
    })
  })

  app.post(`${AUTH}/v1/register`, { schema: { body: schemas.registerV1 } }, async (request) => {
    const { body } = request
    return register(forCaller(ctx, request), {
      email: requireEmail('identity.email.address', body.identity.email.address),
      password: passwordInput(body, true),
      profile: body.identity.identityProfile,
      captchaTokens: body.captchaTokens,
    })
  })

  app.post(`${AUTH}/v1/login`, { schema: { body: schemas.loginV1 } }, async (request) => {
    const { body, ip } = request
    const field = body.identifier?.email !== undefined ? 'identifier.email' : 'loginId.email'
    return login(forCaller(ctx, request), {
      email: requireEmail(field, body.identifier?.email ?? body.loginId?.email),
      password: passwordInput(body, false),
      captchaTokens: body.captchaTokens,
      remoteAddress: ip,
    })
  })

  app.post(`${AUTH}/v1/state/proceed`, { schema: { body: schemas.proceed } }, async (request) =>
    proceed(forCaller(ctx, request), request.body.stateToken),
  )

  app.post(
    `${AUTH}/v1/sso/login-with-token-params`,
    { schema: { body: schemas.sso } },
    async (request) =>
      loginWithIdp(forCaller(ctx, request), request.body.idpConnectionId, request.body.tokenParams),
  )

  app.post(
    `${AUTH}/v2/change-password`,
    { onRequest: guard.identity, schema: { body: schemas.changePassword } },
    (request) =>
      changePassword(ctx, requireIdentity(request), request.body.newPassword).then(empty),
  )

  app.post(
    `${AUTH}/v2/sign-on`,
    { onRequest: guard.elevated, schema: { body: schemas.signOn } },
    async (request) => {
      requireElevated(request)
      const { body } = request
      return signOn(ctx, {
        email: requireEmail('loginId.email', body.loginId.email),
        profile: body.profile,
        verifyEmail: body.verifyEmail,
      })
    },
  )

  app.post(
    `${AUTH}/v2/validate-email`,
    { schema: { body: schemas.validateEmail } },
    async ({ body }) => validateEmail(ctx, body.email),
  )

  app.get(
    `${AUTH}/v1/logout`,
    { schema: { querystring: schemas.logout } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return logout(ctx, request.identity, request.query)
    },
  )
}

/**
 * Every identity route. The development routes of the local platform (no e-mail server, no real
 * captcha) exist in development mode only: the dev mailbox and captcha tokens.
 */
export function identityRoutes(app: SchemaApp, ctx: PlatformContext): void {
  authenticationRoutes(app, ctx)
  recoveryRoutes(app, ctx)
  verificationRoutes(app, ctx)
  adminRoutes(app, ctx)
  memberRoutes(app, ctx)
  if (ctx.config.mode === 'development') {
    mailboxRoutes(app, ctx)
    captchaTokenRoutes(app, ctx)
  }
}
