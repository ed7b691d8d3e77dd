import type { Kysely } from "kysely";

/** Login throttling counters and site settings (notification address, confirmation e-mails …). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_attempts")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("settings").ifExists().execute();
  await db.schema.dropTable("login_attempts").ifExists().execute();
}
