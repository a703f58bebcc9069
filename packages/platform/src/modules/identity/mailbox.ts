import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { emailKey } from './emails.js'
import type { MailMessage } from './mail-templates.js'

/** An e-mail of the dev mailbox, as `GET /_vitrine/mailbox` answers it. */
export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  kind: string
  code?: string
  link?: string
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
