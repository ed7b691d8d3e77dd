import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/**
 * Online booking: staff, closures and bookings (appointments and blocked time), plus one lock row
 * per bookable resource. A booking is written in a transaction that first locks its resource's row
 * (SELECT … FOR UPDATE on PostgreSQL; SQLite transactions take the one write lock), then checks for
 * an overlap: two transactions for the same chair or person never both see it free.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
        isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );

  await id("staff")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("photo_url", "text", (c) => c.notNull().defaultTo(""))
    // JSON: the booking service ids this person performs.
    .addColumn("services", "text", (c) => c.notNull().defaultTo("[]"))
    // JSON: working intervals per weekday (minutes after midnight), Sunday first; "" = the salon's hours.
    .addColumn("hours", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("calendar_token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await id("booking_closures")
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("to_date", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("booking_resources")
    .addColumn("key", "text", (c) => c.primaryKey())
    .execute();

  await id("bookings")
    // "appointment" or "block" (time off, or time staff keep free).
    .addColumn("kind", "text", (c) => c.notNull())
    // "staff:{id}" or, until the salon adds staff, "service:{service id}" (one chair per service).
    .addColumn("resource", "text", (c) => c.notNull().references("booking_resources.key"))
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
    .addColumn("service", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration_minutes", "integer", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull().defaultTo(""))
    // UTC instants, ISO 8601 with milliseconds and Z: they compare as text.
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    // requested | proposed | confirmed | declined | cancelled (only the first three hold the time).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("requested_starts_at", "text")
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    // Random, per booking: the client's manage link is signed over the id and this key.
    .addColumn("manage_key", "text", (c) => c.notNull())
    // "online" (the client) or "staff".
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("reminder_sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_resource_start").on("bookings").columns(["resource", "starts_at"]).execute();
  await db.schema.createIndex("bookings_status_start").on("bookings").columns(["status", "starts_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bookings", "booking_resources", "booking_closures", "staff"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
