import { html, type Html } from '../../http/html.js'

/** The kinds of e-mail the platform sends. */
export type MailKind = 'VERIFICATION_CODE' | 'RECOVERY_LINK' | 'ACTIVATION_LINK' | 'MEMBER_APPROVED'

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
