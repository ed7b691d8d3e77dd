import type { Kysely } from "kysely";

/**
 * The reports find blocked time (time off) by kind and time: few rows among years of
 * appointments, so an index on (kind, starts_at) reaches them without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("bookings_kind_start").on("bookings").columns(["kind", "starts_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bookings_kind_start").execute();
}
