import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendPage } from '../../http/page.js'
import { adminSchemas as schemas, type MailboxQuery } from './admin-schema.js'
import { mintCaptchaToken } from './captcha.js'
import type { IdentityContext } from './identity-context.js'
import { mailboxPage } from './mailbox-page.js'
import { listMail } from './mailbox.js'

/** JSON for `?format=json`, for `?to=` (tests) and for clients that ask for JSON only. */
function wantsJson(request: FastifyRequest<{ Querystring: MailboxQuery }>): boolean {
  const { format, to } = request.query
  if (format) return format === 'json'
  const accept = request.headers.accept ?? ''
  return to !== undefined || (accept.includes('application/json') && !accept.includes('text/html'))
}

/**
 * Development routes of the local platform (no e-mail server, no real captcha):
 * - `GET /_vitrine/mailbox` (also `/_dev/mailbox`): every e-mail the platform sent, newest first,
 *   as an HTML page for people, or as JSON `{messages}` with `?to=<email>` or `?format=json`;
 * - `POST /_vitrine/dev/captcha-token`: a captcha token the local verifier accepts, once, for
 *   2 minutes (what solving the captcha gives in a browser).
 */
export function devRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  for (const url of ['/_vitrine/mailbox', '/_dev/mailbox'])
    app.get<{ Querystring: MailboxQuery }>(
      url,
      { schema: { querystring: schemas.mailboxQuery } },
      async (request, reply) => {
        const { to, limit } = request.query
        const messages = await listMail(ctx.db.kysely, { to: to || undefined, limit })
        reply.header('cache-control', 'no-store')
        if (wantsJson(request))
          return {
            messages: messages.map(({ to, subject, text, kind, code, link, createdDate }) => ({
              to,
              subject,
              text,
              kind,
              ...(code && { code }),
              ...(link && { link }),
              createdDate,
            })),
          }
        return sendPage(reply, 200, mailboxPage(messages, to || undefined))
      },
    )

  app.post('/_vitrine/dev/captcha-token', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { token: await mintCaptchaToken(ctx.db.kysely) }
  })
}
