import type { FastifyReply, FastifyRequest } from 'fastify'
import { sha256 } from '../../auth/secrets.js'
import type { PlatformContext } from '../../context.js'
import { csrfToken, csrfValid } from '../../http/csrf.js'
import { formFields } from '../../http/form-body.js'
import { html, type Html } from '../../http/html.js'
import { hidden, sendFormExpired, sendMessagePage, sendPage, type Page } from '../../http/page.js'
import { object, text, type SchemaApp } from '../../http/schema.js'
import {
  PASSWORD_RULES,
  RECOVERY_PAGE_PATH,
  recoveryTokenKind,
  type RecoveryKind,
} from '../identity/index.js'
import { errorLine, labelledInput } from './login-page.js'
import { PASSWORD_HINT } from './messages.js'
import {
  knownSite,
  requestNewLink,
  setNewPassword,
  type KnownSite,
  type RecoveryOutcome,
} from './recovery-actions.js'

/** What every recovery page shows. */
export interface RecoveryView {
  csrf: string
  /** The name in the card's header: the site's, when the link came from a known site. */
  appName: string
  /** The known site's origin, posted again so the next page can link back to it. */
  site?: string
  /** The message of a failed form. */
  error?: string
}

/** What the new-password form needs besides {@link RecoveryView}. */
export interface NewPasswordView extends RecoveryView {
  kind: RecoveryKind
  recoveryToken: string
}

const HEADINGS: Record<RecoveryKind, { title: string; lead: string }> = {
  RECOVERY: {
    title: 'Choose a new password',
    lead: 'Enter it twice. You will sign in with it from now on.',
  },
  ACTIVATION: { title: 'Set your password', lead: 'Choose a password to activate your account.' },
}

/** A form posting `name` to the recovery page, with the CSRF token and the known site. */
const recoveryForm = (view: RecoveryView, name: string, content: Html, submit: string) =>
  html`<form method="post" action="${RECOVERY_PAGE_PATH}" novalidate>
${hidden('csrf', view.csrf)}${hidden('form', name)}${view.site && hidden('site', view.site)}
${view.error && errorLine(`${name}-error`, view.error)}
${content}
<button type="submit">${submit}</button>
</form>`

/**
 * The page of a live recovery or activation link: the new password twice, with the password
 * rules. Nothing typed is ever sent back in it.
 */
export function newPasswordPage(view: NewPasswordView): Page {
  const { title, lead } = HEADINGS[view.kind]
  const password = (id: string, name: string, label: string) =>
    labelledInput(id, name, label, {
      type: 'password',
      autocomplete: 'new-password',
      extra: html` minlength="${PASSWORD_RULES.minLength}" maxlength="${PASSWORD_RULES.maxLength}"`,
      describedBy: `${view.error ? 'password-error ' : ''}password-rules`,
      invalid: Boolean(view.error),
      autofocus: id === 'new-password',
    })
  const fields = html`${hidden('recoveryToken', view.recoveryToken)}
${password('new-password', 'password', 'New password')}
<p id="password-rules" class="hint">${PASSWORD_HINT}</p>
${password('confirm-password', 'confirm', 'Confirm the new password')}`
  return {
    title,
    brand: view.appName,
    main: html`<h1>${title}</h1>
<p class="lead">${lead}</p>
${recoveryForm(view, 'password', fields, 'Set password')}`,
  }
}

/**
 * The page of a link that is unknown, used or expired, with a form to mail a new one (it says
 * the same whether the e-mail has an account or not).
 */
export function deadLinkPage(view: RecoveryView & { email?: string }): Page {
  const email = labelledInput('request-email', 'email', 'E-mail', {
    type: 'email',
    autocomplete: 'email',
    value: view.email,
    describedBy: view.error ? 'request-error' : undefined,
    invalid: Boolean(view.error),
    autofocus: true,
  })
  return {
    title: 'Link expired',
    brand: view.appName,
    main: html`<h1>This link no longer works</h1>
<p class="lead">Links work once and expire after a while. Enter your e-mail and we will send you a new one.</p>
${recoveryForm(view, 'request', email, 'Send a new link')}`,
  }
}

const FIELDS = ['form', 'csrf', 'site', 'recoveryToken', 'password', 'confirm', 'email'] as const

/** The CSRF form ids: a link's new-password form (by its token's hash), and the request form. */
const passwordFormId = (token: string) => `recovery:${sha256(token)}`
const REQUEST_FORM_ID = 'recovery-request'

/**
 * The link's query: a token as identity takes it, a site as a URL. A field the schema refuses
 * (`Refusal`: `/site`) is a missing one, answered by the page: never the API's JSON 400.
 */
const linkPage = {
  schema: { querystring: object({ recoveryToken: text(4096), site: text(2048) }) },
  attachValidation: true,
}
type Refusal = { instancePath: string }

/** What a recovery page shows of `site`: its name in the header, its origin to post again. */
const siteView = (site: KnownSite | undefined) => ({
  appName: site?.name ?? 'Vitrine',
  site: site?.origin,
})

/** The new-password form of the live link `token` (of `kind`), with a fresh CSRF token. */
function sendNewPasswordPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: KnownSite | undefined,
  page: { token: string; kind: RecoveryKind; status?: number; error?: string },
): FastifyReply {
  const csrf = csrfToken(request, reply, passwordFormId(page.token))
  const view = { csrf, ...siteView(site), recoveryToken: page.token, ...page }
  return sendPage(reply, page.status ?? 200, newPasswordPage(view))
}

/** The page of a dead link, with the form that mails a new one. */
function sendDeadLinkPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: KnownSite | undefined,
  page: { status: number; error?: string; email?: string },
): FastifyReply {
  const csrf = csrfToken(request, reply, REQUEST_FORM_ID)
  return sendPage(reply, page.status, deadLinkPage({ csrf, ...siteView(site), ...page }))
}

/** The page of a posted form's outcome. */
function sendOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  site: KnownSite | undefined,
  token: string,
  outcome: RecoveryOutcome,
): FastifyReply {
  const brand = site?.name
  switch (outcome.kind) {
    case 'form':
      return sendNewPasswordPage(request, reply, site, {
        ...outcome,
        token,
        kind: outcome.linkKind,
      })
    case 'dead':
      return sendDeadLinkPage(request, reply, site, outcome)
    case 'done':
      return sendMessagePage(reply, 200, 'Password set', outcome.message, {
        brand,
        link: site && `${site.origin}/`,
        linkText: site && `Back to ${site.name}`,
      })
    case 'sent':
      return sendMessagePage(
        reply,
        200,
        'Check your e-mail',
        'If an account exists for this e-mail, we sent it a new link to set a password.',
        { brand },
      )
  }
}

/**
 * The platform's page of recovery and activation links mailed without a redirect URL
 * (`GET /_vitrine/recovery?recoveryToken=…[&site=<origin>]`): a new-password form for a live
 * link ("Choose a new password", or "Set your password" for an activation), else a page that
 * mails a new link. Its forms post to `POST /_vitrine/recovery`, CSRF-checked. Like every hosted
 * page: not cached, not framed, no referrer (the token stays in the page), and the request log
 * has no query string.
 */
export function recoveryPageRoutes(app: SchemaApp, ctx: PlatformContext): void {
  const db = ctx.db.kysely

  app.get(RECOVERY_PAGE_PATH, linkPage, async (request, reply) => {
    const refused = new Set(request.validationError?.validation.map((e: Refusal) => e.instancePath))
    const { site: origin, recoveryToken: token } = request.query
    const site = await knownSite(db, refused.has('/site') ? undefined : origin)
    const kind = token && !refused.has('/recoveryToken') && (await recoveryTokenKind(db, token))
    if (!token || !kind) return sendDeadLinkPage(request, reply, site, { status: 400 })
    return sendNewPasswordPage(request, reply, site, { token, kind })
  })

  app.post(RECOVERY_PAGE_PATH, async (request, reply) => {
    const fields = formFields(request.body, FIELDS)
    const token = fields.recoveryToken ?? ''
    const formId =
      fields.form === 'password'
        ? passwordFormId(token)
        : fields.form === 'request'
          ? REQUEST_FORM_ID
          : undefined
    if (!formId || !csrfValid(request, formId, fields.csrf)) return sendFormExpired(reply)
    const site = await knownSite(db, fields.site)
    const outcome =
      fields.form === 'password'
        ? await setNewPassword(ctx, fields)
        : await requestNewLink(ctx, fields.email ?? '', site)
    return sendOutcome(request, reply, site, token, outcome)
  })
}
