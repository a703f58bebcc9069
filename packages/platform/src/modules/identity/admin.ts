/*
 * What the site owner manages (admin key, or a site user or app): the site's settings, the
 * members (list, approve, block) and the identity-provider connections, and their routes.
 */
import type { Kysely } from 'kysely'
import { guard } from '../../auth/guards.js'
import type { PlatformConfig } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { readSetting } from '../../db/settings.js'
import { forUpdate, transaction } from '../../db/transaction.js'
import { empty, type SchemaApp } from '../../http/schema.js'
import { adminSchemas as schemas } from './admin-schema.js'
import { identityErrors } from './errors.js'
import type { IdentityContext } from './identity-context.js'
import { approvedMail, sendMail } from './mail.js'
import {
  listMembers,
  lockMember,
  satisfy,
  updateMember,
  wireIdentity,
  type WireIdentity,
} from './members.js'
import { signOutEverywhere } from './sessions.js'
import { createIdpConnection, deleteIdpConnection, listIdpConnections } from './sso.js'

/** How the site lets members in. */
export interface SiteSettings {
  /** New members verify their e-mail with a mailed code before their first login. */
  emailVerificationRequired: boolean
  /** New members wait for the owner's approval (`POST /_vitrine/members/{id}/approve`). */
  ownerApprovalRequired: boolean
  /** Register and login need a valid captcha token. */
  captchaRequired: boolean
}

const KEY = 'identity.site_settings'

/**
 * The settings before an owner changed any: the demo site (`VITRINE_SEED=demo`) requires e-mail
 * verification; a bare site requires nothing.
 */
export const defaultSiteSettings = (config: PlatformConfig): SiteSettings => ({
  emailVerificationRequired: config.seed === 'demo',
  ownerApprovalRequired: false,
  captchaRequired: false,
})

/** The site's settings (kept in `settings`, shared by every instance). */
export async function readSiteSettings(
  db: Kysely<Schema>,
  config: PlatformConfig,
): Promise<SiteSettings> {
  const stored = await readSetting(db, KEY)
  return {
    ...defaultSiteSettings(config),
    ...(stored && (JSON.parse(stored) as Partial<SiteSettings>)),
  }
}

/**
 * Changes the given settings, keeps the others; returns them all. The row is locked while it is
 * read and written, so concurrent changes of different settings all stay.
 */
export function updateSiteSettings(
  db: Database,
  config: PlatformConfig,
  changes: Partial<SiteSettings>,
): Promise<SiteSettings> {
  return transaction(db, async (trx) => {
    await forUpdate(trx, trx.selectFrom('settings').select('key').where('key', '=', KEY)).execute()
    const settings = { ...(await readSiteSettings(trx, config)), ...changes }
    const value = JSON.stringify(settings)
    await trx
      .insertInto('settings')
      .values({ key: KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
    return settings
  })
}

/**
 * The owner approves member `id`: the approval step is done (`ACTIVE` unless the e-mail still
 * needs verifying), a block is lifted, and the member is told by e-mail. The member's pending
 * login then continues with `state/proceed`, or they simply log in again.
 */
export function approveMember(ctx: IdentityContext, id: string): Promise<WireIdentity> {
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(trx, id)
    if (!member || member.status === 'DELETED') throw identityErrors.memberNotFound(id)
    const { reasons } = satisfy(member, 'PENDING_ADMIN_APPROVAL_REQUIRED')
    const status = reasons!.length ? 'PENDING' : 'ACTIVE'
    const updated = await updateMember(trx, member, { status, reasons })
    if (status === 'ACTIVE' && member.status !== 'ACTIVE')
      await sendMail(trx, approvedMail(member.email))
    return wireIdentity(trx, updated)
  })
}

/**
 * The owner blocks member `id`: logins answer `STATUS_CHECK`, and the member is signed out
 * everywhere, so no device of theirs is let back in if the block is lifted.
 */
export function blockMember(ctx: IdentityContext, id: string): Promise<WireIdentity> {
  return transaction(ctx.db, async (trx) => {
    const member = await lockMember(trx, id)
    if (!member || member.status === 'DELETED') throw identityErrors.memberNotFound(id)
    const updated = await updateMember(trx, member, { status: 'BLOCKED' })
    await signOutEverywhere(trx, id)
    return wireIdentity(trx, updated)
  })
}

/**
 * The site owner's routes (admin key or a site user/app, checked before the body is read): site
 * settings, members (list, approve, block) and identity-provider connections.
 */
export function adminRoutes(app: SchemaApp, ctx: IdentityContext): void {
  const elevated = { onRequest: guard.elevated }
  const db = ctx.db.kysely

  app.get('/_vitrine/site/settings', elevated, async () => readSiteSettings(db, ctx.config))

  app.patch(
    '/_vitrine/site/settings',
    { ...elevated, schema: { body: schemas.settingsPatch } },
    async ({ body }) => updateSiteSettings(ctx.db, ctx.config, body),
  )

  app.get(
    '/_vitrine/members',
    { ...elevated, schema: { querystring: schemas.membersQuery } },
    async ({ query }) => ({ members: await listMembers(db, query) }),
  )

  app.post(
    '/_vitrine/members/:id/approve',
    { ...elevated, schema: { params: schemas.memberParams } },
    async ({ params }) => ({ identity: await approveMember(ctx, params.id) }),
  )

  app.post(
    '/_vitrine/members/:id/block',
    { ...elevated, schema: { params: schemas.memberParams } },
    async ({ params }) => ({ identity: await blockMember(ctx, params.id) }),
  )

  app.get('/_vitrine/site/idp-connections', elevated, async () => ({
    idpConnections: await listIdpConnections(db),
  }))

  app.post(
    '/_vitrine/site/idp-connections',
    { ...elevated, schema: { body: schemas.idpConnection } },
    async ({ body }) => ({ idpConnection: await createIdpConnection(db, body) }),
  )

  app.delete(
    '/_vitrine/site/idp-connections/:id',
    { ...elevated, schema: { params: schemas.idpParams } },
    ({ params }) => deleteIdpConnection(db, params.id).then(empty),
  )
}
