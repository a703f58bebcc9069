import type { FastifyReply, FastifyRequest } from 'fastify'
import { csrfToken } from '../../http/csrf.js'
import { html, type Html } from '../../http/html.js'
import { hidden, sendPage, type Page } from '../../http/page.js'
import type { AuthFlow } from '../oauth/index.js'
import { PASSWORD_HINT } from './messages.js'

/** The forms of the hosted login page. */
export type FormName = 'login' | 'register' | 'forgot' | 'verify'

/** What the hosted login page shows. */
export interface LoginView {
  /** Where the forms post (`/_vitrine/authorize?session=<id>`). */
  action: string
  csrf: string
  /** The name of the application the shopper signs in to (the OAuth client's). */
  appName: string
  /** `signIn`: sign in, register, forgot password; `verify`: the mailed 6-digit code. */
  step: 'signIn' | 'verify'
  /** The message of a failed form, shown next to it. */
  error?: { form: FormName; message: string }
  /** A status line (e.g. "we sent a link"). */
  notice?: string
  /** The e-mail to fill in again. */
  email?: string
  /** The state token of a `verify` step. */
  stateToken?: string
  /** The question `form` asks before it goes on (the site or the e-mail needs a captcha). */
  captcha?: { form: FormName; question: string; challenge: string }
}

/** The message of a failed form (`id`, which its inputs are described by). */
export const errorLine = (id: string, message: string): Html =>
  html`<p id="${id}" class="error" role="alert">${message}</p>`

/** What a labelled input needs besides its id, name and label. */
export interface InputOptions {
  type: string
  autocomplete: string
  value?: string
  /** Further attributes. */
  extra?: Html
  /** The ids (space-separated) of the error or hint the input is described by. */
  describedBy?: string
  invalid?: boolean
  autofocus?: boolean
}

/** One labelled, required input. */
export const labelledInput = (id: string, name: string, label: string, options: InputOptions) =>
  html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="${options.type}" required autocomplete="${options.autocomplete}"${
    options.value !== undefined && html` value="${options.value}"`
  }${options.extra}${options.invalid && html` aria-invalid="true"`}${
    options.describedBy && html` aria-describedby="${options.describedBy}"`
  }${options.autofocus && html` autofocus`}></div>`

/** One labelled input; invalid (and focused) when its form failed and it is the `first` field. */
function field(
  view: LoginView,
  form: FormName,
  name: string,
  label: string,
  options: Pick<InputOptions, 'type' | 'autocomplete' | 'value' | 'extra'> & {
    hint?: string
    first?: boolean
  },
): Html {
  const failed = view.error?.form === form
  const { first, ...input } = options
  return labelledInput(`${form}-${name}`, name, label, {
    ...input,
    invalid: failed,
    autofocus: !!first && (view.error ? failed : form === 'login' || form === 'verify'),
    describedBy: [failed && `${form}-error`, input.hint].filter(Boolean).join(' '),
  })
}

/** The captcha question of form `name`, when it asks one. */
const captchaField = (view: LoginView, name: FormName) =>
  view.captcha?.form === name &&
  html`${hidden('challenge', view.captcha.challenge)}
${field(view, name, 'captcha', view.captcha.question, {
  type: 'text',
  autocomplete: 'off',
  extra: html` inputmode="numeric" maxlength="3"`,
})}`

/** A form posting `name` with the CSRF token: its error (if it failed), `fields`, `submit`. */
const form = (view: LoginView, name: FormName, fields: Html, submit: string, more?: Html) =>
  html`<form method="post" action="${view.action}" novalidate>
${hidden('csrf', view.csrf)}${hidden('form', name)}${more}
${view.error?.form === name && errorLine(`${name}-error`, view.error.message)}
${fields}
<button type="submit">${submit}</button>
</form>`

/** A panel of the card; `active` is shown unless the URL's fragment names another one. */
const panel = (id: string, title: string, lead: string, active: boolean, body: Html) =>
  html`<section id="${id}" class="panel${active ? ' active' : ''}" aria-labelledby="${id}-title">
<h1 id="${id}-title">${title}</h1>
<p class="lead">${lead}</p>
${body}
</section>`

function signInPanels(view: LoginView): Html {
  const opened = view.error?.form ?? 'login'
  const email = (form: FormName) =>
    field(view, form, 'email', 'E-mail', {
      type: 'email',
      autocomplete: 'email',
      value: view.email,
      first: true,
    })
  const password = (form: FormName, autocomplete: string, hint?: string) =>
    field(view, form, 'password', 'Password', { type: 'password', autocomplete, hint })
  const signIn = form(
    view,
    'login',
    html`${email('login')}
${password('login', 'current-password')}
${captchaField(view, 'login')}
<p class="aside"><a href="#forgot">Forgot your password?</a></p>`,
    'Sign in',
  )
  const register = form(
    view,
    'register',
    html`${email('register')}
${password('register', 'new-password', 'register-hint')}
<p id="register-hint" class="hint">${PASSWORD_HINT}</p>
${captchaField(view, 'register')}`,
    'Create account',
  )
  return html`${panel(
    'signin',
    'Sign in',
    `to continue to ${view.appName}`,
    opened === 'login',
    html`${signIn}
<p class="switch">New here? <a href="#register">Create an account</a></p>`,
  )}
${panel(
  'register',
  'Create an account',
  `to shop at ${view.appName}`,
  opened === 'register',
  html`${register}
<p class="switch">Already have an account? <a href="#signin">Sign in</a></p>`,
)}
${panel(
  'forgot',
  'Reset your password',
  'We will e-mail you a link to choose a new one.',
  opened === 'forgot',
  html`${form(view, 'forgot', email('forgot'), 'Send the link')}
<p class="switch"><a href="#signin">Back to sign in</a></p>`,
)}`
}

function verifyPanel(view: LoginView): Html {
  const state = hidden('stateToken', view.stateToken ?? '')
  const code = field(view, 'verify', 'code', 'Verification code', {
    type: 'text',
    autocomplete: 'one-time-code',
    extra: html` class="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6"`,
    first: true,
  })
  return panel(
    'verify',
    'Check your e-mail',
    `Enter the 6-digit code we sent to ${view.email ?? 'your e-mail address'}.`,
    true,
    html`${form(view, 'verify', code, 'Verify', state)}
<form method="post" action="${view.action}" class="switch">
${hidden('csrf', view.csrf)}${hidden('form', 'resend')}${state}
Did not get it? <button type="submit" class="link">Send a new code</button>
</form>`,
  )
}

/** The hosted login page: sign in, create an account, forgot password, or verify a code. */
export const loginPage = (view: LoginView): Page => ({
  title: 'Sign in',
  brand: view.appName,
  main: html`${view.notice && html`<p class="notice" role="status">${view.notice}</p>`}
${view.step === 'verify' ? verifyPanel(view) : signInPanels(view)}`,
})

/** What a login page shows, besides what the flow gives (form action, CSRF token, app). */
export type LoginPageState = Omit<LoginView, 'action' | 'csrf' | 'appName'>

/**
 * Sends the hosted login page of `flow` in `state` (by default its first step: what
 * `GET /_vitrine/authorize` shows), with a fresh CSRF token bound to this browser's cookie and
 * the flow's session; its forms' answers may redirect to the flow's target.
 */
export function sendLoginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: AuthFlow,
  state: LoginPageState = { step: 'signIn' },
  status = 200,
): FastifyReply {
  const csrf = csrfToken(request, reply, flow.sessionId)
  const action = `/_vitrine/authorize?session=${encodeURIComponent(flow.sessionId)}`
  const page = loginPage({ ...state, action, csrf, appName: flow.appName })
  return sendPage(reply, status, page, flow.target.origin)
}
