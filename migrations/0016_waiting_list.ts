import { PostgresAdapter, type Kysely } from "kysely";

/**
 * The waiting list (app/server/booking/waitlist): a client's wish for a time that is not free yet,
 * and each freed time offered to them. An offer holds its time through a booking in the status
 * "offered" (claimed like any booking); an entry gets a time offered at most once (the unique
 * entry and start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
        isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );
  await id("waitlist_entries")
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("option_name", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer")
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("to_date", "text", (c) => c.notNull())
    .addColumn("day_parts", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("leave_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("waitlist_entries_status")
    .on("waitlist_entries")
    .columns(["status", "created_at"])
    .execute();
  await id("waitlist_offers")
    .addColumn("entry_id", "integer", (c) => c.notNull().references("waitlist_entries.id").onDelete("cascade"))
    .addColumn("booking_id", "integer", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("offer_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("answered_at", "text")
    .addUniqueConstraint("waitlist_offers_entry_start", ["entry_id", "starts_at"])
    .execute();
  await db.schema
    .createIndex("waitlist_offers_status")
    .on("waitlist_offers")
    .columns(["status", "expires_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("waitlist_offers").execute();
  await db.schema.dropTable("waitlist_entries").execute();
}
