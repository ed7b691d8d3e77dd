import type { Kysely } from "kysely";

/**
 * What a queued mail is written from when it is sent (JSON, read by the outbox worker's writer):
 * a booking's e-mails store their input, and their text, HTML and calendar invitation are written
 * in the background. Writing them took about a millisecond of each booking's transaction
 * (docs/decisions.md, 64). Null for a mail stored whole, or a submission's (written from its row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("compose_input", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("compose_input").execute();
}
