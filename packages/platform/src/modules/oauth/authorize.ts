import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { html, raw } from '../../http/html.js'
import { sendMessagePage } from '../../http/page.js'
import type { SchemaApp } from '../../http/schema.js'
import {
  consumeSessionToken,
  platformSessionMember,
  startPlatformSession,
} from '../identity/index.js'
import {
  clientAllowsOrigin,
  loadRedirectSession,
  originOf,
  type StoredAuthRequest,
  type StoredRedirectSession,
} from '../redirects/index.js'
import { issueAuthorizationCode } from './codes.js'
import { sessionPage } from './schema.js'
import { sessionCookie, setSessionCookie } from './session-cookie.js'

/*
 * The hosted authorization endpoint of `auth` redirect sessions, `GET /_vitrine/authorize`
 * (OAuth 2.0 code flow with PKCE S256): it opens the flow, decides, and sends the answer — a
 * redirect or a `web_message` page carrying the code (`codes.ts`) or the error. A shopper who must
 * sign in gets the hosted login page, which the hosted-pages module sends (its forms post back to
 * the same URL) and which signs in through {@link signInFlow}.
 */

/** How the answer reaches the client: redirect with a query or fragment, or a posted message. */
export type ResponseMode = 'fragment' | 'query' | 'web_message'

/** Where an authorization answer goes: a redirect URI that is on the client's allow-list. */
export interface AnswerTarget {
  redirectUri: string
  /** The redirect URI's origin: the only origin a `web_message` is posted to. */
  origin: string
  mode: ResponseMode
}

/** A live `auth` flow whose answer target is allowed: what the hosted login form works on. */
export interface AuthFlow {
  /** The redirect session's id (`?session=`). */
  sessionId: string
  /** The name of the OAuth client the shopper signs in to. */
  appName: string
  request: StoredAuthRequest
  prompt: NonNullable<NonNullable<StoredRedirectSession['auth']>['prompt']> | undefined
  target: AnswerTarget
}

/**
 * What the authorize page answers: a 400 page when there is nowhere safe to send the shopper
 * (unknown session, redirect URI not allowed), `params` (`code` and `state`, or `error`,
 * `error_description` and `state`) for `target` — with the value of a new platform session
 * cookie when the answer signed the member in — or (`login`) the hosted login form of `flow`.
 */
export type AuthorizeOutcome =
  | { kind: 'page'; message: string }
  | {
      kind: 'answer'
      target: AnswerTarget
      params: Record<string, string>
      sessionCookie?: string
    }
  | { kind: 'login'; flow: AuthFlow }

/** An authorization answer: what goes back to the redirect URI. */
export type AuthorizeAnswer = Extract<AuthorizeOutcome, { kind: 'answer' }>

const MODES: readonly string[] = ['fragment', 'query', 'web_message']
/** A S256 challenge is the base64url of a SHA-256: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

const page = (message: string) => ({ kind: 'page', message }) as const

/** The live `auth` redirect session `id`'s request and its client's name, if any. */
async function loadAuthSession(ctx: PlatformContext, id: string) {
  const db = ctx.db.kysely
  const session = await loadRedirectSession(db, id, 'auth')
  const auth = session?.live ? session.request.auth : undefined
  if (!auth || !session?.clientId || session.clientId !== auth.authRequest.clientId)
    return undefined
  const client = await db
    .selectFrom('oauth_clients')
    .select('name')
    .where('id', '=', session.clientId)
    .executeTakeFirst()
  return client && { ...auth, appName: client.name }
}

/** The error answer `error` of `flow`. */
export const failure = (flow: AuthFlow, error: string, description: string): AuthorizeAnswer => ({
  kind: 'answer',
  target: flow.target,
  params: { error, error_description: description, state: flow.request.state },
})

/**
 * Opens the auth flow of redirect session `sessionId`: it must be a live `auth` session whose
 * redirect URI is still on the client's allow-list (else a 400 page, no redirect), asking for
 * the `code` response type with a S256 challenge (else an error answer).
 */
export async function openAuthFlow(
  ctx: PlatformContext,
  sessionId: string | undefined,
): Promise<Exclude<AuthorizeOutcome, { kind: 'login' }> | { kind: 'flow'; flow: AuthFlow }> {
  if (!sessionId) return page('The sign-in link is incomplete: it has no session.')
  const auth = await loadAuthSession(ctx, sessionId)
  if (!auth) return page('This sign-in link is unknown or has expired. Please start again.')
  const request = auth.authRequest
  // The answer's target: its redirect URI, when it is on its client's allow-list.
  const origin = originOf(request.redirectUri)
  const mode = request.responseMode ?? 'fragment'
  const allowed =
    origin &&
    MODES.includes(mode) &&
    (await clientAllowsOrigin(ctx.db.kysely, request.clientId, origin))
  if (!origin || !allowed)
    return page('The application asked to return to an address it is not allowed to use.')
  const target = { redirectUri: request.redirectUri, origin, mode }
  const flow: AuthFlow = { sessionId, appName: auth.appName, request, prompt: auth.prompt, target }
  if (request.responseType !== 'code')
    return failure(flow, 'unsupported_response_type', 'Only the code response type is supported')
  if (request.codeChallengeMethod !== 'S256' || !S256_CHALLENGE.test(request.codeChallenge))
    return failure(flow, 'invalid_request', 'A S256 code challenge is required')
  return { kind: 'flow', flow }
}

/**
 * Issues the code of `flow` for the member `signIn` returns inside the code's transaction (e.g.
 * by spending a session token); `undefined` from it issues nothing and answers `undefined`.
 */
export async function issueFlowCode(
  ctx: PlatformContext,
  flow: AuthFlow,
  signIn: (trx: Tx) => Promise<string | undefined>,
): Promise<AuthorizeAnswer | undefined> {
  const code = await transaction(ctx.db, async (trx) => {
    const identityId = await signIn(trx)
    return identityId && issueAuthorizationCode(trx, flow, identityId)
  })
  return code
    ? { kind: 'answer', target: flow.target, params: { code, state: flow.request.state } }
    : undefined
}

/**
 * Signs the member that `spend` proves (e.g. by spending a session token) in to `flow`: issues
 * its code ({@link issueFlowCode}) and starts a platform session (identity's) in the same
 * transaction, whose cookie value the answer carries, so that later `prompt=none` flows and the
 * hosted pages know the member until they are signed out. `undefined` when `spend` proves no one.
 */
export async function signInFlow(
  ctx: PlatformContext,
  flow: AuthFlow,
  spend: (trx: Tx) => Promise<string | undefined>,
): Promise<AuthorizeAnswer | undefined> {
  let sessionCookie = ''
  const answer = await issueFlowCode(ctx, flow, async (trx) => {
    const identityId = await spend(trx)
    if (identityId) sessionCookie = await startPlatformSession(trx, identityId)
    return identityId
  })
  return answer && { ...answer, sessionCookie }
}

/**
 * The authorization decision of `GET /_vitrine/authorize?session=<id>` (OAuth 2.0 code flow with
 * PKCE S256), once {@link openAuthFlow} opened the flow. With a `sessionToken` (a login's proof,
 * kept by the session as its key for the flow's client) the token is spent and a code bound to
 * the client, redirect URI, challenge and member is issued with a platform session, in one
 * transaction ({@link signInFlow}); a spent, expired, unknown token or one issued to another
 * client answers `login_required`. Without one, `prompt=none` signs in silently from the platform
 * session cookie's value `platformSession` when it is a live session of a member who may sign in
 * (identity's `platformSessionMember`), else answers `login_required`; any other prompt gets the
 * hosted login form.
 */
export async function authorize(
  ctx: PlatformContext,
  sessionId: string | undefined,
  platformSession?: string,
): Promise<AuthorizeOutcome> {
  const opened = await openAuthFlow(ctx, sessionId)
  if (opened.kind !== 'flow') return opened
  const { flow } = opened
  const key = flow.request.sessionTokenKey
  if (key)
    return (
      (await signInFlow(ctx, flow, (trx) => consumeSessionToken(trx, key))) ??
      failure(flow, 'login_required', 'The session token is unknown, expired or already used')
    )
  if (flow.prompt !== 'none') return { kind: 'login', flow }
  const silent = await issueFlowCode(ctx, flow, (trx) =>
    platformSessionMember(trx, platformSession),
  )
  return silent ?? failure(flow, 'login_required', 'The member is not signed in')
}

/** `value` as a JavaScript literal that is safe inside an inline `<script>`. */
const scriptLiteral = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The `web_message` page: one script that posts `params` to the parent window at `origin` only,
 * and its Content-Security-Policy (nothing but that script, by hash; framed only by `origin`).
 */
export function webMessagePage(params: Record<string, string>, origin: string) {
  const script = `window.parent.postMessage(${scriptLiteral(params)}, ${scriptLiteral(origin)})`
  const hash = createHash('sha256').update(script).digest('base64')
  return {
    page: html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><script>${raw(script)}</script></body></html>`,
    csp: `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors ${origin}; base-uri 'none'; form-action 'none'`,
  }
}

/** A plain hosted page saying `message` (nothing to run, nothing to frame). */
export const sendCannotContinue = (
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply => sendMessagePage(reply, status, 'Sign-in could not continue', message)

/**
 * Sends an authorization answer to its target: a 302 to the redirect URI with `params` in its
 * query or fragment, or (`web_message`) a page that posts them to the parent window at the
 * redirect URI's exact origin and may be framed by that origin only. An answer that signed the
 * member in sets the platform session cookie.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { target, params, sessionCookie }: AuthorizeAnswer,
): FastifyReply {
  reply.header('cache-control', 'no-store')
  if (sessionCookie) setSessionCookie(request, reply, sessionCookie)
  if (target.mode === 'web_message') {
    const { page, csp } = webMessagePage(params, target.origin)
    reply.removeHeader('x-frame-options')
    return reply
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(String(page))
  }
  const url = new URL(target.redirectUri)
  if (target.mode === 'query')
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  else url.hash = new URLSearchParams(params).toString()
  return reply.redirect(url.href, 302)
}

/** Sends the hosted login page of `flow` (the hosted-pages module's). */
export type LoginPageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  flow: AuthFlow,
) => FastifyReply

/**
 * `GET /_vitrine/authorize?session=<id>`: the hosted authorization endpoint of `auth` sessions.
 * It answers the code (or error), or the hosted login page (`loginPage`) whose forms post back to
 * the same URL.
 */
export function authorizeRoutes(
  app: SchemaApp,
  ctx: PlatformContext,
  loginPage: LoginPageSender,
): void {
  app.get('/_vitrine/authorize', sessionPage, async (request, reply) => {
    const session = request.validationError ? undefined : request.query.session
    const outcome = await authorize(ctx, session, sessionCookie(request))
    if (outcome.kind === 'page') return sendCannotContinue(reply, 400, outcome.message)
    if (outcome.kind === 'login') return loginPage(request, reply, outcome.flow)
    return sendAnswer(request, reply, outcome)
  })
}
