/*
 * E-mail: the messages the platform sends (codes, links, approvals), "sending" them into the dev
 * mailbox (the local platform has no mail server), and the mailbox's page and route.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { html, safeHttpUrl, type Html } from '../../http/html.js'
import { hidden, sendPage, type Page } from '../../http/page.js'
import type { SchemaApp } from '../../http/schema.js'
import { adminSchemas as schemas, type MailboxQuery } from './admin-schema.js'
import type { IdentityContext } from './identity-context.js'
import { emailKey } from './members.js'

/** The kinds of e-mail the platform sends. */
export type MailKind =
  | 'VERIFICATION_CODE'
  | 'RECOVERY_LINK'
  | 'ACTIVATION_LINK'
  | 'MEMBER_APPROVED'
  | 'ORDER_CONFIRMATION'
  | 'ORDER_CANCELED'

/** An e-mail ready to be sent (stored in the dev mailbox). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  kind: MailKind
  /** The verification code it carries, for the mailbox's JSON. */
  code?: string
  /** The link it carries, for the mailbox's JSON. */
  link?: string
}

/** An e-mail's HTML body: `paragraphs`, one `<p>` each. */
const page = (...paragraphs: Html[]) => String(html`${paragraphs.map((p) => html`<p>${p}</p>`)}`)

/** The 6-digit code of an e-mail verification. */
export function verificationCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    kind: 'VERIFICATION_CODE',
    code,
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}. It expires in ${minutes} minutes.\nIf you did not ask for it, ignore this e-mail.`,
    html: page(
      html`Your verification code is <strong>${code}</strong>.`,
      html`It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ),
  }
}

/** A password-reset (recovery) or account-activation link. */
export function recoveryLinkMail(
  to: string,
  link: string,
  kind: 'RECOVERY_LINK' | 'ACTIVATION_LINK',
  hours: number,
): MailMessage {
  const what = kind === 'RECOVERY_LINK' ? 'reset your password' : 'activate your account'
  return {
    to,
    kind,
    link,
    subject: kind === 'RECOVERY_LINK' ? 'Reset your password' : 'Activate your account',
    text: `Open this link to ${what}: ${link}\nIt expires in ${hours} hours and works once.\nIf you did not ask for it, ignore this e-mail.`,
    html: page(
      html`<a href="${link}">Open this link to ${what}</a>.`,
      html`It expires in ${hours} hours and works once. If you did not ask for it, ignore this e-mail.`,
    ),
  }
}

/** Tells a member the site owner approved them. */
export function approvedMail(to: string): MailMessage {
  return {
    to,
    kind: 'MEMBER_APPROVED',
    subject: 'Your membership was approved',
    text: 'The site owner approved your membership: you can log in now.',
    html: page(html`The site owner approved your membership: you can log in now.`),
  }
}

/** An e-mail of the dev mailbox, as `GET /_vitrine/mailbox` answers it. */
export interface MailboxMessage extends Omit<MailMessage, 'kind'> {
  id: string
  kind: string
  createdDate: string
}

/**
 * "Sends" `message`: the local platform has no mail server, so every e-mail is stored in the dev
 * mailbox instead (through `db`, so a transaction's mail exists exactly when it commits).
 */
export async function sendMail(db: Kysely<Schema>, message: MailMessage): Promise<void> {
  await db
    .insertInto('mail')
    .values({
      id: randomUUID(),
      to_address: message.to,
      to_key: emailKey(message.to),
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      code: message.code ?? null,
      link: message.link ?? null,
      created_date: new Date().toISOString(),
    })
    .execute()
}

/** The mailbox, newest first; only the mail of `to` (any case) when given. */
export async function listMail(
  db: Kysely<Schema>,
  options: { to?: string; limit: number },
): Promise<MailboxMessage[]> {
  let query = db.selectFrom('mail').selectAll()
  if (options.to) query = query.where('to_key', '=', emailKey(options.to))
  const rows = await query
    .orderBy('created_date', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    ...(row.code && { code: row.code }),
    ...(row.link && { link: row.link }),
    createdDate: row.created_date,
  }))
}

/** One e-mail: its subject, recipient, date, kind, code or link, and text. */
function message(mail: MailboxMessage, index: number) {
  const link = safeHttpUrl(mail.link)
  const rows = [
    ['To', mail.to],
    ['Sent', html`<time datetime="${mail.createdDate}">${mail.createdDate}</time>`],
    ['Kind', mail.kind],
    mail.code && ['Code', html`<span class="code">${mail.code}</span>`],
    link && ['Link', html`<a href="${link}">${link}</a>`],
  ].filter((row): row is [string, string | Html] => !!row)
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

/** JSON for `?format=json`, for `?to=` (tests) and for clients that ask for JSON only. */
function wantsJson({ format, to }: MailboxQuery, accept = ''): boolean {
  if (format) return format === 'json'
  return to !== undefined || (accept.includes('application/json') && !accept.includes('text/html'))
}

/**
 * `GET /_vitrine/mailbox` (also `/_dev/mailbox`), development mode only: every e-mail the
 * platform sent, newest first, as an HTML page for people, or as JSON `{messages}` with
 * `?to=<email>` or `?format=json`.
 */
export function mailboxRoutes(app: SchemaApp, ctx: IdentityContext): void {
  for (const url of ['/_vitrine/mailbox', '/_dev/mailbox'])
    app.get(url, { schema: { querystring: schemas.mailboxQuery } }, async (request, reply) => {
      const { to, limit } = request.query
      const messages = await listMail(ctx.db.kysely, { to: to || undefined, limit })
      reply.header('cache-control', 'no-store')
      if (wantsJson(request.query, request.headers.accept))
        return { messages: messages.map(({ id, html, ...message }) => message) }
      return sendPage(reply, 200, mailboxPage(messages, to || undefined))
    })
}
