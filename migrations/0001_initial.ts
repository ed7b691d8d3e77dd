import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/** The first schema (docs/architecture.md, Data model). Works on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // An auto-incrementing integer key in each dialect's own spelling.
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
        isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await id("site_content")
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("content_key", "text", (c) => c.notNull())
    .addColumn("content_value", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull().defaultTo("text"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .addUniqueConstraint("site_content_page_section_key", ["page", "section", "content_key"])
    .execute();
  await db.schema.createIndex("site_content_page").on("site_content").column("page").execute();

  await id("hero_slides")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tag", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("highlight", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("buttons", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await id("form_submissions")
    .addColumn("form_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("service", "text")
    .addColumn("preferred_date", "text")
    .addColumn("preferred_time", "text")
    .addColumn("message", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("details", "text")
    .addColumn("page_path", "text")
    .addColumn("referrer", "text")
    .addColumn("utm", "text")
    .addColumn("client_ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("form_submissions_created")
    .on("form_submissions")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.createIndex("form_submissions_status").on("form_submissions").column("status").execute();

  await id("users")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("aal", "text", (c) => c.notNull().defaultTo("aal1"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await id("totp_factors")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unverified"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("verified_at", "text")
    .execute();

  await id("site_images")
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("variants", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("uploaded_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await id("audit_log")
    .addColumn("user_id", "integer")
    .addColumn("user_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("details", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();

  await id("mail_outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("submission_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "mail_outbox",
    "audit_log",
    "site_images",
    "totp_factors",
    "sessions",
    "user_roles",
    "users",
    "form_submissions",
    "hero_slides",
    "site_content",
    "app_meta",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
