import type { FastifyInstance } from 'fastify'
import { guard } from '../../auth/guards.js'
import {
  adminSchemas as schemas,
  type IdpConnectionBody,
  type MembersQuery,
  type SettingsPatch,
} from './admin-schema.js'
import type { IdentityContext } from './identity-context.js'
import { approveMember, blockMember, memberList } from './member-admin.js'
import { readSiteSettings, updateSiteSettings } from './site-settings.js'
import { createIdpConnection, deleteIdpConnection, listIdpConnections } from './sso.js'

/**
 * The site owner's routes (admin key or a site user/app, checked before the body is read): site
 * settings, members (list, approve, block) and identity-provider connections.
 */
export function adminRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const elevated = { onRequest: guard.elevated }
  const db = ctx.db.kysely

  app.get('/_vitrine/site/settings', elevated, async () => readSiteSettings(db, ctx.config))

  app.patch<{ Body: SettingsPatch }>(
    '/_vitrine/site/settings',
    { ...elevated, schema: { body: schemas.settingsPatch } },
    async ({ body }) => updateSiteSettings(ctx.db, ctx.config, body),
  )

  app.get<{ Querystring: MembersQuery }>(
    '/_vitrine/members',
    { ...elevated, schema: { querystring: schemas.membersQuery } },
    async ({ query }) => memberList(db, query),
  )

  app.post<{ Params: { id: string } }>(
    '/_vitrine/members/:id/approve',
    { ...elevated, schema: { params: schemas.memberParams } },
    async ({ params }) => ({ identity: await approveMember(ctx, params.id) }),
  )

  app.post<{ Params: { id: string } }>(
    '/_vitrine/members/:id/block',
    { ...elevated, schema: { params: schemas.memberParams } },
    async ({ params }) => ({ identity: await blockMember(ctx, params.id) }),
  )

  app.get('/_vitrine/site/idp-connections', elevated, async () => ({
    idpConnections: await listIdpConnections(db),
  }))

  app.post<{ Body: IdpConnectionBody }>(
    '/_vitrine/site/idp-connections',
    { ...elevated, schema: { body: schemas.idpConnection } },
    async ({ body }) => ({ idpConnection: await createIdpConnection(db, body) }),
  )

  app.delete<{ Params: { id: string } }>(
    '/_vitrine/site/idp-connections/:id',
    { ...elevated, schema: { params: schemas.idpParams } },
    async ({ params }) => {
      await deleteIdpConnection(db, params.id)
      return {}
    },
  )
}
