import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Replies written in the admin to a submission (app/server/submissions/reply.server.ts): who wrote
 * it, when, the text, and the outbox mail that carries it (its delivery is read from there). A
 * submission's replies go with it when it is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("submission_replies")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("submission_id", "integer", (c) => c.notNull().references("form_submissions.id").onDelete("cascade"))
    .addColumn("user_id", "integer")
    .addColumn("author_email", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("mail_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("submission_replies_submission")
    .on("submission_replies")
    .columns(["submission_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("submission_replies").execute();
}
