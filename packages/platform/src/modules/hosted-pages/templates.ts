import { escapeHtml } from '../identity/html.js'
import { PASSWORD_HINT } from './messages.js'
import { PAGE_STYLE } from './page-style.js'

/** The forms of the hosted login page. */
export type FormName = 'login' | 'register' | 'forgot' | 'verify'

/** What the hosted login page shows. */
export interface LoginView {
  /** Where the forms post (`/_vitrine/authorize?session=<id>`). */
  action: string
  csrf: string
  /** The CSP nonce of the page's one `<style>`. */
  nonce: string
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

const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`

/** A hidden input. */
export const hidden = (name: string, value: string): string =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

/** The message of a failed form (`id`, which its inputs are described by). */
export const errorLine = (id: string, message: string): string =>
  `<p id="${id}" class="error" role="alert">${escapeHtml(message)}</p>`

/** What a labelled input needs besides its id, name and label. */
export interface InputOptions {
  type: string
  autocomplete: string
  value?: string
  /** Further attributes, each with a leading space. */
  extra?: string
  /** The ids (space-separated) of the error or hint the input is described by. */
  describedBy?: string
  invalid?: boolean
  autofocus?: boolean
}

/** One labelled, required input. */
export function labelledInput(id: string, name: string, label: string, options: InputOptions) {
  return (
    `<div class="field"><label for="${id}">${label}</label>` +
    `<input id="${id}" name="${name}" type="${options.type}" required` +
    ` autocomplete="${options.autocomplete}"${attr('value', options.value)}${options.extra ?? ''}` +
    (options.invalid ? ' aria-invalid="true"' : '') +
    (options.describedBy ? ` aria-describedby="${options.describedBy}"` : '') +
    (options.autofocus ? ' autofocus' : '') +
    '></div>'
  )
}

/** The page around `content`: the card with the application's name, and the style sheet. */
export function shell(title: string, nonce: string, appName: string, content: string): string {
  const initial = escapeHtml(appName.trim().charAt(0).toUpperCase() || 'V')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce)}">${PAGE_STYLE}</style></head>
<body><main class="card"><p class="brand"><span class="mark" aria-hidden="true">${initial}</span>${escapeHtml(appName)}</p>
${content}</main><footer class="foot">Secure sign-in by Vitrine</footer></body></html>`
}

/** One labelled input; invalid (and focused) when its form failed and it is the first field. */
function field(
  form: FormName,
  name: string,
  label: string,
  options: {
    type: string
    autocomplete: string
    value?: string
    extra?: string
    /** The id of a hint the input is described by. */
    hint?: string
  },
  view: LoginView,
  first: boolean,
): string {
  const failed = view.error?.form === form
  return labelledInput(`${form}-${name}`, name, label, {
    ...options,
    invalid: failed,
    autofocus: first && (view.error ? failed : form === 'login' || form === 'verify'),
    describedBy: [failed && `${form}-error`, options.hint].filter(Boolean).join(' '),
  })
}

/** The captcha question of form `name`, when it asks one. */
function captchaField(view: LoginView, name: FormName): string {
  if (view.captcha?.form !== name) return ''
  return (
    hidden('challenge', view.captcha.challenge) +
    field(
      name,
      'captcha',
      escapeHtml(view.captcha.question),
      { type: 'text', autocomplete: 'off', extra: ' inputmode="numeric" maxlength="3"' },
      view,
      false,
    )
  )
}

/** A form posting `name` with the CSRF token: its error (if it failed), `fields`, `submit`. */
function form(view: LoginView, name: FormName, fields: string, submit: string, more = ''): string {
  const error = view.error?.form === name ? errorLine(`${name}-error`, view.error.message) : ''
  return (
    `<form method="post" action="${escapeHtml(view.action)}" novalidate>` +
    hidden('csrf', view.csrf) +
    hidden('form', name) +
    `${more}${error}${fields}` +
    `<button type="submit">${submit}</button></form>`
  )
}

/** A panel of the card; `active` is shown unless the URL's fragment names another one. */
const panel = (id: string, title: string, lead: string, active: boolean, body: string) =>
  `<section id="${id}" class="panel${active ? ' active' : ''}" aria-labelledby="${id}-title">` +
  `<h1 id="${id}-title">${title}</h1><p class="lead">${lead}</p>${body}</section>`

function signInPanels(view: LoginView): string {
  const app = escapeHtml(view.appName)
  const opened = view.error?.form ?? 'login'
  const email = (form: FormName) =>
    field(
      form,
      'email',
      'E-mail',
      { type: 'email', autocomplete: 'email', value: view.email },
      view,
      true,
    )
  const password = (form: FormName, autocomplete: string, hint?: string) =>
    field(form, 'password', 'Password', { type: 'password', autocomplete, hint }, view, false)
  return (
    panel(
      'signin',
      'Sign in',
      `to continue to ${app}`,
      opened === 'login',
      form(
        view,
        'login',
        email('login') +
          password('login', 'current-password') +
          captchaField(view, 'login') +
          '<p class="aside"><a href="#forgot">Forgot your password?</a></p>',
        'Sign in',
      ) + '<p class="switch">New here? <a href="#register">Create an account</a></p>',
    ) +
    panel(
      'register',
      'Create an account',
      `to shop at ${app}`,
      opened === 'register',
      form(
        view,
        'register',
        email('register') +
          password('register', 'new-password', 'register-hint') +
          `<p id="register-hint" class="hint">${PASSWORD_HINT}</p>` +
          captchaField(view, 'register'),
        'Create account',
      ) + '<p class="switch">Already have an account? <a href="#signin">Sign in</a></p>',
    ) +
    panel(
      'forgot',
      'Reset your password',
      'We will e-mail you a link to choose a new one.',
      opened === 'forgot',
      form(view, 'forgot', email('forgot'), 'Send the link') +
        '<p class="switch"><a href="#signin">Back to sign in</a></p>',
    )
  )
}

function verifyPanel(view: LoginView): string {
  const state = hidden('stateToken', view.stateToken ?? '')
  const code = field(
    'verify',
    'code',
    'Verification code',
    {
      type: 'text',
      autocomplete: 'one-time-code',
      extra: ' class="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6"',
    },
    view,
    true,
  )
  const resend =
    `<form method="post" action="${escapeHtml(view.action)}" class="switch">` +
    hidden('csrf', view.csrf) +
    hidden('form', 'resend') +
    state +
    `Did not get it? <button type="submit" class="link">Send a new code</button></form>`
  return panel(
    'verify',
    'Check your e-mail',
    `Enter the 6-digit code we sent to ${escapeHtml(view.email ?? 'your e-mail address')}.`,
    true,
    form(view, 'verify', code, 'Verify', state) + resend,
  )
}

/** The hosted login page: sign in, create an account, forgot password, or verify a code. */
export function loginPage(view: LoginView): string {
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''
  const content = view.step === 'verify' ? verifyPanel(view) : signInPanels(view)
  return shell('Sign in', view.nonce, view.appName, notice + content)
}

/** What a message page shows besides its title and message. */
export interface MessageOptions {
  /** The name in the card's header (default: Vitrine). */
  appName?: string
  /** The text of the link onward (default: Continue). */
  linkText?: string
}

/** A plain page with `title`, `message` and an optional link onward (nothing to run). */
export function messagePage(
  view: { nonce: string } & MessageOptions,
  title: string,
  message: string,
  link?: string,
): string {
  const text = escapeHtml(view.linkText ?? 'Continue')
  const next = link ? `<a class="button" href="${escapeHtml(link)}">${text}</a>` : ''
  return shell(
    title,
    view.nonce,
    view.appName ?? 'Vitrine',
    `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p>${next}`,
  )
}
