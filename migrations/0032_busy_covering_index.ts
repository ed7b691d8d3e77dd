import { PostgresAdapter, type Kysely } from "kysely";

/**
 * SQLite: the index of holding bookings by status and end (bookings_status_end) also carries the
 * columns that "what is busy between two instants" reads (busyBetween: every day's availability
 * and every claim of a time), so that query reads the index alone instead of looking up each
 * booking still ahead in the table: about half its time on the three-year demo salon
 * (docs/decisions.md, 60). Same name and leading columns, so every plan that used it still does.
 * PostgreSQL keeps the narrow index: an index entry there is limited to about 2.7 kB, and a
 * visit's `parts` may grow past it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.dropIndex("bookings_status_end").execute();
  await db.schema
    .createIndex("bookings_status_end")
    .on("bookings")
    .columns(["status", "ends_at", "starts_at", "resource", "kind", "duration_minutes", "updated_at", "parts"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.dropIndex("bookings_status_end").execute();
  await db.schema.createIndex("bookings_status_end").on("bookings").columns(["status", "ends_at"]).execute();
}
