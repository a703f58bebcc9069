import { createHash } from 'node:crypto'
import { escapeHtml, safeHttpUrl } from './html.js'
import type { MailboxMessage } from './mailbox.js'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1rem;color:#111;background:#fff}
article{border:1px solid #767676;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}.code{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.2em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.5rem 0 0}a{color:#0645ad}`

/** The page's own Content-Security-Policy: nothing but its one inline style sheet. */
export const MAILBOX_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`

function message(mail: MailboxMessage, index: number): string {
  const link = safeHttpUrl(mail.link)
  const rows = [
    ['To', escapeHtml(mail.to)],
    [
      'Sent',
      `<time datetime="${escapeHtml(mail.createdDate)}">${escapeHtml(mail.createdDate)}</time>`,
    ],
    ['Kind', escapeHtml(mail.kind)],
    ...(mail.code ? [['Code', `<span class="code">${escapeHtml(mail.code)}</span>`]] : []),
    ...(link ? [['Link', `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`]] : []),
  ]
  return `<article aria-labelledby="m${index}"><h2 id="m${index}">${escapeHtml(mail.subject)}</h2>
<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>
<pre>${escapeHtml(mail.text)}</pre></article>`
}

/**
 * The dev mailbox as an HTML page for people: newest first, every code and link visible, all
 * text escaped, a filter form by recipient.
 */
export function mailboxPage(messages: MailboxMessage[], to?: string): string {
  const title = to ? `Mailbox of ${escapeHtml(to)}` : 'Mailbox'
  const list = messages.length
    ? messages.map(message).join('\n')
    : '<p>No e-mail yet. E-mails the platform sends (codes, links) appear here.</p>'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Vitrine dev mailbox</title><style>${STYLE}</style></head>
<body><header><h1>${title}</h1><p>Every e-mail the local platform would have sent, newest first.</p>
<form method="get" action=""><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"> <input type="hidden" name="format" value="html"> <button type="submit">Filter</button></form></header>
<main aria-live="polite">${list}</main></body></html>`
}
