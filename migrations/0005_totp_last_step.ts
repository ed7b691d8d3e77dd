import type { Kysely } from "kysely";

/** The last 30-second step whose code a factor accepted: the same code is never accepted twice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("totp_factors").addColumn("last_used_step", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("totp_factors").dropColumn("last_used_step").execute();
}
