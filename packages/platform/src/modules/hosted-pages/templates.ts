import { escapeHtml } from '../identity/html.js'

/** The forms of the hosted login page. */
export type FormName = 'login' | 'register' | 'forgot' | 'verify'

/** What the hosted login page shows. */
export interface LoginView {
  /** Where the forms post (`/_vitrine/authorize?session=<id>`). */
  action: string
  csrf: string
  /** The CSP nonce of the page's one `<style>`. */
  nonce: string
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
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f4;color:#1a1a1a}
main{max-width:26rem;margin:2rem auto;padding:0 1rem}
section{background:#fff;border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
label{display:block;font-weight:600;margin-top:.75rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #666;border-radius:4px}
input[aria-invalid=true]{border-color:#b00020;border-width:2px}
button{margin-top:1rem;font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{color:#b00020;font-weight:600}
.notice{background:#e7f5ea;border:1px solid #2e7d32;padding:.5rem;border-radius:4px}`

const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`

/** One labelled input; invalid (and focused) when its form failed and it is the first field. */
function field(
  form: FormName,
  name: string,
  label: string,
  options: { type: string; autocomplete: string; value?: string; extra?: string },
  view: LoginView,
  first: boolean,
): string {
  const id = `${form}-${name}`
  const failed = view.error?.form === form
  const focus = first && (view.error ? failed : form === 'login' || form === 'verify')
  return (
    `<label for="${id}">${label}</label>` +
    `<input id="${id}" name="${name}" type="${options.type}" required` +
    ` autocomplete="${options.autocomplete}"${attr('value', options.value)}${options.extra ?? ''}` +
    (failed ? ` aria-invalid="true" aria-describedby="${form}-error"` : '') +
    (focus ? ' autofocus' : '') +
    '>'
  )
}

function form(view: LoginView, name: FormName, fields: string, submit: string, more = ''): string {
  const error =
    view.error?.form === name
      ? `<p id="${name}-error" class="error" role="alert">${escapeHtml(view.error.message)}</p>`
      : ''
  return (
    `<form method="post" action="${escapeHtml(view.action)}" novalidate>` +
    `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">` +
    `<input type="hidden" name="form" value="${name}">${more}${error}${fields}` +
    `<button type="submit">${submit}</button></form>`
  )
}

function signInSections(view: LoginView): string {
  const email = (form: FormName, first: boolean) =>
    field(
      form,
      'email',
      'E-mail',
      { type: 'email', autocomplete: 'email', value: view.email },
      view,
      first,
    )
  const password = (form: FormName, autocomplete: string) =>
    field(form, 'password', 'Password', { type: 'password', autocomplete }, view, false)
  return (
    `<section aria-labelledby="login-title"><h2 id="login-title">Sign in</h2>` +
    form(view, 'login', email('login', true) + password('login', 'current-password'), 'Sign in') +
    `<p><a href="#register-title">Create an account</a> · <a href="#forgot-title">Forgot your password?</a></p></section>` +
    `<section aria-labelledby="register-title"><h2 id="register-title" tabindex="-1">Create an account</h2>` +
    form(
      view,
      'register',
      email('register', true) +
        password('register', 'new-password') +
        '<p id="register-hint">At least 6 characters.</p>',
      'Create account',
    ) +
    `</section><section aria-labelledby="forgot-title"><h2 id="forgot-title" tabindex="-1">Forgot your password?</h2>` +
    `<p>We will e-mail you a link to choose a new one.</p>` +
    form(view, 'forgot', email('forgot', true), 'Send the link') +
    '</section>'
  )
}

function verifySection(view: LoginView): string {
  const hidden = `<input type="hidden" name="stateToken" value="${escapeHtml(view.stateToken ?? '')}">`
  const code = field(
    'verify',
    'code',
    'Verification code (6 digits)',
    {
      type: 'text',
      autocomplete: 'one-time-code',
      extra: ' inputmode="numeric" pattern="[0-9]{6}" maxlength="6"',
    },
    view,
    true,
  )
  const resend =
    `<form method="post" action="${escapeHtml(view.action)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">` +
    `<input type="hidden" name="form" value="resend">${hidden}` +
    `<button type="submit" class="secondary">Send a new code</button></form>`
  return (
    `<section aria-labelledby="verify-title"><h2 id="verify-title">Check your e-mail</h2>` +
    `<p>We sent a 6-digit code to ${escapeHtml(view.email ?? 'your e-mail address')}.</p>` +
    form(view, 'verify', code, 'Verify', hidden) +
    resend +
    '</section>'
  )
}

/** The hosted login page: sign in, create an account, forgot password, or verify a code. */
export function loginPage(view: LoginView): string {
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in</title><style nonce="${escapeHtml(view.nonce)}">${STYLE}</style></head>
<body><main><h1>Sign in to continue</h1>${notice}${
    view.step === 'verify' ? verifySection(view) : signInSections(view)
  }</main></body></html>`
}

/** A plain page with `title` and `message` (nothing to run). */
export function messagePage(title: string, message: string, link?: string): string {
  const next = link ? `<p><a href="${escapeHtml(link)}">Continue</a></p>` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${next}</main></body></html>`
}
