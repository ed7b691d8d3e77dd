import type { Kysely } from "kysely";

/**
 * The client's manage link names its booking by the booking's random manage_key instead of its id,
 * so the booking is found by that key. Every key so far was 128 random bits, so they are unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("bookings_manage_key").unique().on("bookings").column("manage_key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bookings_manage_key").execute();
}
