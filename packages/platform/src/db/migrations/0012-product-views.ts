/**
 * Stored product views: once a table of each product's wire JSON, kept fresh by triggers. 0015
 * dropped them again, so this creates nothing any more: a database that ran it loses its table,
 * triggers and functions in 0015 (drop if exists); a newer one never has them.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
