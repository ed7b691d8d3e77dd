import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Drafts and versions of the editors' pages (app/server/content/drafts.server.ts). A page has at
 * most one draft: every field's value (JSON, null for "the default"), with a random key that a
 * preview link names. Each publish keeps a version: the page's field values after it, what changed
 * (field: [before, after]), who and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("content_drafts")
    .addColumn("page", "text", (c) => c.primaryKey())
    .addColumn("draft_key", "text", (c) => c.notNull())
    .addColumn("draft_values", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .execute();
  await db.schema
    .createTable("content_versions")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("version_values", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("published_by", "integer")
    .addColumn("published_by_email", "text")
    .execute();
  await db.schema.createIndex("content_versions_page").on("content_versions").columns(["page", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_versions").execute();
  await db.schema.dropTable("content_drafts").execute();
}
