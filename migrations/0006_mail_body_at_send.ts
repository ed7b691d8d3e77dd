import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A submission's e-mails are written when they are sent, from the stored submission, so the outbox
 * row holds no body (text_body NULL) until then: storing two rendered e-mails (~6.5 KB) with each
 * submission was most of what a submission wrote, and kept a second copy of the visitor's words
 * that outlived a deleted submission.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable("mail_outbox")
      .alterColumn("text_body", (c) => c.dropNotNull())
      .execute();
  } else {
    await rebuildSqliteOutbox(db, { textBodyRequired: false });
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE mail_outbox SET text_body = '' WHERE text_body IS NULL`.execute(db);
  if (isPostgres(db)) {
    await db.schema
      .alterTable("mail_outbox")
      .alterColumn("text_body", (c) => c.setNotNull())
      .execute();
  } else {
    await rebuildSqliteOutbox(db, { textBodyRequired: true });
  }
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite cannot change a column's NOT NULL: the table is copied into a new one (same ids). */
async function rebuildSqliteOutbox(db: Kysely<unknown>, { textBodyRequired }: { textBodyRequired: boolean }) {
  await db.schema
    .createTable("mail_outbox_new")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => (textBodyRequired ? c.notNull() : c))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("submission_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("html_body", "text")
    .addColumn("kind", "text")
    .execute();
  const columns = sql.raw(
    "id, to_address, reply_to, subject, text_body, status, attempts, next_attempt_at, last_error, submission_id, created_at, sent_at, html_body, kind",
  );
  await sql`INSERT INTO mail_outbox_new (${columns}) SELECT ${columns} FROM mail_outbox`.execute(db);
  // AUTOINCREMENT never reuses an id: the new table goes on from the old one's counter.
  await sql`DELETE FROM sqlite_sequence WHERE name = 'mail_outbox_new'`.execute(db);
  await sql`INSERT INTO sqlite_sequence (name, seq)
    SELECT 'mail_outbox_new', seq FROM sqlite_sequence WHERE name = 'mail_outbox'`.execute(db);
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.alterTable("mail_outbox_new").renameTo("mail_outbox").execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_outbox_submission").on("mail_outbox").column("submission_id").execute();
}
