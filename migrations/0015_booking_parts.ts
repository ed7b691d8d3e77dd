import { sql, type Kysely } from "kysely";

/**
 * What a booking holds of each person's time, kept on the booking so a later change to the
 * option does not change it: a JSON list of its parts (each service of a visit, its person, its
 * offset and length, and when its processing time leaves the person free). Empty for a booking of
 * one service without processing time: it holds its resource from start to end, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("parts", "text", (c) => c.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("parts").execute();
}
