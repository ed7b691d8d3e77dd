import type { Kysely } from "kysely";

/**
 * Mail gets an HTML part and a kind (staff notification or visitor confirmation), and is looked up
 * by submission for the inbox's detail view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("html_body", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("kind", "text").execute();
  await db.schema.createIndex("mail_outbox_submission").on("mail_outbox").column("submission_id").execute();
  await db.schema
    .createIndex("form_submissions_type_created")
    .on("form_submissions")
    .columns(["form_type", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("form_submissions_type_created").ifExists().execute();
  await db.schema.dropIndex("mail_outbox_submission").ifExists().execute();
  await db.schema.alterTable("mail_outbox").dropColumn("kind").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("html_body").execute();
}
