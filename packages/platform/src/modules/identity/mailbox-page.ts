import { html, safeHttpUrl, type Slot } from '../../http/html.js'
import { hidden, type Page } from '../../http/page.js'
import type { MailboxMessage } from './mailbox.js'

/** One e-mail: its subject, recipient, date, kind, code or link, and text. */
function message(mail: MailboxMessage, index: number) {
  const link = safeHttpUrl(mail.link)
  const rows: [string, Slot][] = [
    ['To', mail.to],
    ['Sent', html`<time datetime="${mail.createdDate}">${mail.createdDate}</time>`],
    ['Kind', mail.kind],
    ...(mail.code
      ? [['Code', html`<span class="code">${mail.code}</span>`] as [string, Slot]]
      : []),
    ...(link ? [['Link', html`<a href="${link}">${link}</a>`] as [string, Slot]] : []),
  ]
  return html`<article class="box" aria-labelledby="m${index}">
<h2 id="m${index}">${mail.subject}</h2>
<dl class="mail">${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>
<pre>${mail.text}</pre>
</article>`
}

/**
 * The dev mailbox as a page for people: newest first, every code and link visible, all text
 * escaped, a filter form by recipient.
 */
export function mailboxPage(messages: MailboxMessage[], to?: string): Page {
  const title = to ? `Mailbox of ${to}` : 'Mailbox'
  return {
    title: `${title} · Vitrine dev mailbox`,
    footer: 'Vitrine dev mailbox: what the local platform would have sent',
    wide: true,
    main: html`<h1>${title}</h1>
<p>Every e-mail the local platform would have sent, newest first.</p>
<form class="filter" method="get" action="">
<div class="field"><label for="to">Recipient</label><input id="to" name="to" type="email" value="${to ?? ''}"></div>
${hidden('format', 'html')}<button type="submit" class="secondary">Filter</button>
</form>
<div aria-live="polite">
${messages.length ? messages.map(message) : html`<p>No e-mail yet. E-mails the platform sends (codes, links) appear here.</p>`}
</div>`,
  }
}
