import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/**
 * Links that set a password, sent by e-mail (an invitation to a new user, a reset after "Forgot
 * password?"): only the SHA-256 of the link's token is kept, with its expiry and when it was used.
 * Recovery codes for two-factor sign-in: ten per user, each kept as its SHA-256, used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? "serial" : "integer";
  await db.schema
    .createTable("password_links")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_links_user").on("password_links").columns(["user_id", "purpose"]).execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").columns(["user_id", "code_hash"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recovery_codes").ifExists().execute();
  await db.schema.dropTable("password_links").ifExists().execute();
}
