import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The applicant pipeline (app/server/applicants, decision 54). A suite application is an applicant:
 * its stage is a column on its submission (`applicant_stage`, null for every other form) with
 * when it last changed; the applications already stored start as "new". What happens to an
 * applicant (a stage change, a note, an e-mail sent from the admin) is one row of
 * `applicant_events`, removed with its submission.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("form_submissions").addColumn("applicant_stage", "text").execute();
  await db.schema.alterTable("form_submissions").addColumn("applicant_stage_at", "text").execute();
  await sql`UPDATE form_submissions SET applicant_stage = 'new', applicant_stage_at = created_at
    WHERE form_type = 'Suite Application'`.execute(db);
  await db.schema
    .createIndex("form_submissions_applicant_stage")
    .on("form_submissions")
    .columns(["applicant_stage", "created_at"])
    .execute();
  await db.schema
    .createTable("applicant_events")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("submission_id", "integer", (c) => c.notNull().references("form_submissions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("from_stage", "text")
    .addColumn("to_stage", "text")
    .addColumn("subject", "text")
    .addColumn("body", "text")
    .addColumn("mail_id", "integer")
    .addColumn("user_id", "integer")
    .addColumn("user_email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("applicant_events_submission")
    .on("applicant_events")
    .columns(["submission_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("applicant_events").execute();
  await db.schema.dropIndex("form_submissions_applicant_stage").execute();
  await db.schema.alterTable("form_submissions").dropColumn("applicant_stage_at").execute();
  await db.schema.alterTable("form_submissions").dropColumn("applicant_stage").execute();
}
