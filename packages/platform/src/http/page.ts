import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { html, raw, type Html } from './html.js'
import { PAGE_STYLE } from './page-style.js'

/** A hosted page before it is sent: what goes in the shell, and the content of its `<main>`. */
export interface Page {
  title: string
  main: Html
  /** The name in the header: the shop's or the application's (default: Vitrine). */
  brand?: string
  /** A word beside the brand ("Test mode"). */
  badge?: string
  /** The line at the foot of the page (default: "Secure sign-in by Vitrine"). */
  footer?: string
  /** A page as wide as the shop's (the checkout, the mailbox), not one card. */
  wide?: boolean
  /** The page's one script (the checkout's re-pricing); no other page runs any. */
  script?: Html
  /** It shows pictures from any http(s) host (the checkout's products), and the tab's icon. */
  images?: boolean
}

/**
 * The tab's icon (the shop's mark), inline, on a page whose policy lets pictures in: else the
 * browser would ask this origin for a `/favicon.ico` it does not have.
 */
const ICON = raw(
  `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d2330"/><path d="M8 9h4l4 11 4-11h4l-6.2 15h-3.6z" fill="#fbf9f5"/></svg>')}">`,
)

/** The whole document of `page`, its style (and script) allowed by `nonce`. */
export function renderPage(page: Page, nonce: string): Html {
  const brand = page.brand ?? 'Vitrine'
  const initial = brand.trim().charAt(0).toUpperCase() || 'V'
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title>
${page.images && ICON}
<style nonce="${nonce}">${PAGE_STYLE}</style>
</head>
<body>
<header class="top"><div class="bar">
<p class="brand"><span class="mark" aria-hidden="true">${initial}</span>${brand}</p>
${page.badge && html`<span class="badge">${page.badge}</span>`}
</div></header>
<main class="${page.wide ? 'wide' : 'card'}">
${page.main}
</main>
<footer class="foot">${page.footer ?? 'Secure sign-in by Vitrine'}</footer>
${page.script && html`<script nonce="${nonce}">${page.script}</script>`}
</body>
</html>`
}

/**
 * The Content-Security-Policy of `page` sent with `nonce`: nothing loads or runs but its nonced
 * style (and script), and its pictures if it has any; forms post to this origin (or follow a
 * redirect to `formTarget`); no site may frame it.
 */
export function pagePolicy(page: Page, nonce: string, formTarget?: string): string {
  return (
    `default-src 'none'; style-src 'nonce-${nonce}'; ` +
    (page.images ? `img-src 'self' https: http: data:; ` : '') +
    (page.script ? `script-src 'nonce-${nonce}'; ` : '') +
    `form-action 'self'${formTarget ? ` ${formTarget}` : ''}; frame-ancestors 'none'; base-uri 'none'`
  )
}

/** A fresh nonce for a page's style and script. */
export const newNonce = (): string => randomBytes(16).toString('base64')

/**
 * Sends `page` with `status`: not cached, never framed, under its own {@link pagePolicy}; its
 * forms' answers may redirect to `formTarget`.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  page: Page,
  formTarget?: string,
): FastifyReply {
  const nonce = newNonce()
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', pagePolicy(page, nonce, formTarget))
    .type('text/html; charset=utf-8')
    .send(String(renderPage(page, nonce)))
}

/** A hidden input of a form. */
export const hidden = (name: string, value: string): Html =>
  html`<input type="hidden" name="${name}" value="${value}">`

/** What a message page shows besides its title and message. */
export interface MessageOptions {
  /** The name in the header (default: Vitrine). */
  brand?: string
  /** A link onward, and its text (default: Continue). */
  link?: string
  linkText?: string
}

/** A plain page saying `message` under `title`, with an optional link onward. */
export const messagePage = (
  title: string,
  message: string,
  options: MessageOptions = {},
): Page => ({
  title,
  brand: options.brand,
  main: html`<h1>${title}</h1>
<p class="lead">${message}</p>
${options.link && html`<a class="button" href="${options.link}">${options.linkText ?? 'Continue'}</a>`}`,
})

/** Sends a {@link messagePage} with `status`. */
export const sendMessagePage = (
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  options?: MessageOptions,
): FastifyReply => sendPage(reply, status, messagePage(title, message, options))

/** Answers a form whose CSRF token is missing or wrong: 403 and a page saying what to do. */
export const sendFormExpired = (reply: FastifyReply): FastifyReply =>
  sendMessagePage(
    reply,
    403,
    'Form expired',
    'This form could not be verified. Go back, reload the page and try again.',
  )
