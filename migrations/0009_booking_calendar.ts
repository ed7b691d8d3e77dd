import type { Kysely } from "kysely";

/**
 * A mail may carry a calendar part (an e-mail confirming an appointment carries the appointment as
 * an iCalendar invitation): its text, or NULL for mail without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("calendar_body", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("calendar_body").execute();
}
