import type { Kysely } from "kysely";

/**
 * What a queued mail's calendar part is written from, when the mail is sent: an appointment's
 * invitation or cancellation, as JSON (booking/notices/ical.server.ts). Writing the iCalendar text
 * took a third of a millisecond per message inside each booking's transaction; the worker now
 * writes it in the background, from exactly the input the change stored (docs/decisions.md, 64).
 * calendar_body stays for a calendar part stored ready-made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("calendar_input", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("calendar_input").execute();
}
