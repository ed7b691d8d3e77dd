import type { Kysely } from "kysely";

/**
 * A booking's outcome as staff recorded it (app/lib/booking/model.ts, BOOKING_OUTCOMES): empty,
 * "no_show" (a confirmed appointment the client did not come to) or "late_cancellation" (cancelled
 * inside the cancellation cutoff). "Completed" is not stored: it is read from the time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("outcome").execute();
}
