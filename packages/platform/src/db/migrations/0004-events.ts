import type { Kysely } from 'kysely'

/** The event outbox, webhooks and their deliveries (see modules/events/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('identity', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('events_created').on('events').column('created_date').execute()

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('event_types', 'text')
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) =>
      col.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhooks', 'events']) {
    await db.schema.dropTable(table).execute()
  }
}
