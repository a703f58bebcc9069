import { html, type Html } from '../../http/html.js'
import { hidden, type Page } from '../../http/page.js'
import { PASSWORD_RULES, RECOVERY_PAGE_PATH, type RecoveryKind } from '../identity/index.js'
import { errorLine, labelledInput } from './login-page.js'
import { PASSWORD_HINT } from './messages.js'

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
