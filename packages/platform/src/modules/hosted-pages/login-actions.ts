import { secretHash } from '../../auth/secrets.js'
import type { PlatformContext } from '../../context.js'
import {
  consumeSessionToken,
  identityErrors,
  isValidEmail,
  login,
  newCaptchaChallenge,
  register,
  requireNewPassword,
  resendCode,
  sendRecoveryEmail,
  solveCaptchaChallenge,
  verifyDuringAuthentication,
  type CaptchaToken,
  type IdentityContext,
  type StateMachineResponse,
} from '../identity/index.js'
import { signInFlow, type AuthFlow, type AuthorizeAnswer } from '../oauth/index.js'
import type { FormName, LoginPageState } from './login-page.js'
import { humanError } from './messages.js'

/** The fields the login page's forms post, besides their CSRF token. */
export const FORM_FIELDS = [
  'form',
  'email',
  'password',
  'code',
  'stateToken',
  'challenge',
  'captcha',
] as const

/** A posted hosted form's fields (all optional strings). */
export type FormFields = Partial<Record<(typeof FORM_FIELDS)[number], string>>

/**
 * What a posted form leads to: the authorization answer (with the platform session cookie's
 * value), or the login page again (`status`, `state`).
 */
export type FormResult =
  | { kind: 'signedIn'; answer: AuthorizeAnswer }
  | { kind: 'page'; status: number; state: LoginPageState; retryAfterSeconds?: number }

type PageResult = Extract<FormResult, { kind: 'page' }>

/** The login page in `state`. */
const page = (state: LoginPageState, status = 200): PageResult => ({ kind: 'page', status, state })

/** The page again, with `message` at `form` (the code form keeps its state token). */
const again = (
  form: FormName,
  message: string,
  keep: { email?: string; stateToken?: string } = {},
  status = 400,
): PageResult =>
  page({ step: form === 'verify' ? 'verify' : 'signIn', error: { form, message }, ...keep }, status)

/** `SUCCESS` spends its session token for a code and a platform session; else the next step. */
async function continueWith(
  ctx: PlatformContext,
  flow: AuthFlow,
  response: StateMachineResponse,
  form: FormName,
  email?: string,
): Promise<FormResult> {
  if (response.state === 'REQUIRE_EMAIL_VERIFICATION')
    return page({ step: 'verify', stateToken: response.stateToken, email })
  if (response.state === 'REQUIRE_OWNER_APPROVAL')
    return page({
      step: 'signIn',
      notice: "Your account is waiting for the shop owner's approval. Sign in again once approved.",
    })
  if (response.state !== 'SUCCESS' || !response.sessionToken)
    return again(form, 'This account is blocked. Please contact the shop.', { email }, 403)
  const sessionToken = response.sessionToken
  const answer = await signInFlow(ctx, flow, (trx) =>
    consumeSessionToken(trx, secretHash(sessionToken, flow.request.clientId)),
  )
  if (!answer) return again(form, 'Signing in could not be completed. Please try again.', { email })
  return { kind: 'signedIn', answer }
}

/**
 * The captcha token of a form that answered its question (`challenge`, `captcha`): none when it
 * asked none, `-19970` for a wrong answer.
 */
async function answeredCaptcha(
  ictx: IdentityContext,
  fields: FormFields,
): Promise<CaptchaToken[] | undefined> {
  if (fields.challenge === undefined) return undefined
  const token = await solveCaptchaChallenge(ictx.db.kysely, fields.challenge, fields.captcha ?? '')
  if (!token) throw identityErrors.invalidCaptchaToken()
  return [{ Recaptcha: token }]
}

/** The identity services' form step `form`, with the same state machine, limits and errors. */
async function run(
  ictx: IdentityContext,
  flow: AuthFlow,
  fields: FormFields,
  remoteAddress: string,
): Promise<FormResult> {
  const form = fields.form as FormName | 'resend'
  const email = (fields.email ?? '').trim()
  const emailForm = form === 'login' || form === 'register' || form === 'forgot'
  if (emailForm && !isValidEmail(email))
    return again(form, 'Enter a valid e-mail address, like name@example.com.', { email })
  const password = fields.password ?? ''
  switch (form) {
    case 'login':
    case 'register': {
      if (form === 'login' && !password) return again(form, 'Enter your password.', { email })
      if (form === 'register') requireNewPassword('password', password)
      const captchaTokens = await answeredCaptcha(ictx, fields)
      const response =
        form === 'login'
          ? await login(ictx, { email, password, remoteAddress, captchaTokens })
          : await register(ictx, { email, password, captchaTokens })
      return continueWith(ictx, flow, response, form, email)
    }
    case 'verify': {
      const code = (fields.code ?? '').trim()
      const stateToken = fields.stateToken ?? ''
      if (!/^\d{6}$/.test(code))
        return again(form, 'Enter the 6-digit code from the e-mail.', { stateToken })
      const response = await verifyDuringAuthentication(ictx, { code, stateToken, remoteAddress })
      return continueWith(ictx, flow, response, form)
    }
    case 'resend':
      await resendCode(ictx, fields.stateToken ?? '')
      return page({ step: 'verify', stateToken: fields.stateToken, notice: 'We sent a new code.' })
    case 'forgot':
      await sendRecoveryEmail(ictx, email, { site: flow.target.origin })
      return page({
        step: 'signIn',
        email,
        notice: 'If an account exists for this e-mail, we sent it a link to reset the password.',
      })
    default:
      return again('login', 'This form is not known. Please try again.')
  }
}

/**
 * Runs a posted hosted form of `flow` (`login`, `register`, `verify`, `resend`, `forgot`)
 * through the identity services; their errors become the login page again with a human message
 * (429 with the retry delay for a rate limit). Errors that are not the shopper's are rethrown.
 */
export async function runForm(
  ctx: PlatformContext,
  flow: AuthFlow,
  fields: FormFields,
  remoteAddress: string,
): Promise<FormResult> {
  // Session tokens of the forms are bound to the flow's client, which spends them at once.
  const ictx: IdentityContext = { ...ctx, clientId: flow.request.clientId }
  try {
    return await run(ictx, flow, fields, remoteAddress)
  } catch (error) {
    const human = humanError(error)
    if (!human) throw error
    const verifying = !human.restart && (fields.form === 'verify' || fields.form === 'resend')
    const form: FormName = verifying
      ? 'verify'
      : ((['register', 'forgot'] as const).find((name) => name === fields.form) ?? 'login')
    const keep = verifying ? { stateToken: fields.stateToken } : { email: fields.email?.trim() }
    const result = again(form, human.message, keep, human.status)
    if (human.captcha)
      result.state.captcha = { form, ...(await newCaptchaChallenge(ctx.db.kysely)) }
    return { ...result, retryAfterSeconds: human.retryAfterSeconds }
  }
}
