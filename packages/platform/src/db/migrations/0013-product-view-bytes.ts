/**
 * Stored product views as bytes: once recreated 0012's table with a `blob` / `bytea` column. A
 * no-op now, as 0012 is: 0015 drops the table where it exists.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
