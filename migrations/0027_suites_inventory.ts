import { PostgresAdapter, type Kysely } from "kysely";

/**
 * The suites business as rows (app/server/suites): each kind of space offered on /suites with its
 * rent, size, what is included and photos, and each rentable unit with its current lease. A lease
 * covers the days from lease_start to lease_end, both "YYYY-MM-DD" in the salon's zone, both
 * inclusive; no end date is an open lease. The defaults are seeded by the seed step, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
        isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );
  await id("suite_types")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size_label", "text", (c) => c.notNull())
    .addColumn("weekly_rent_from_cents", "integer", (c) => c.notNull())
    .addColumn("included", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("photos", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await id("suite_units")
    .addColumn("type_id", "integer", (c) => c.notNull().references("suite_types.id"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("lessee_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lessee_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lessee_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lessee_specialty", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lease_start", "text")
    .addColumn("lease_end", "text")
    .addColumn("weekly_rent_cents", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Occupancy and "free now" group the units by type and read only these columns: the index covers them.
  await db.schema
    .createIndex("suite_units_type_lease")
    .on("suite_units")
    .columns(["type_id", "lease_start", "lease_end", "weekly_rent_cents"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("suite_units").execute();
  await db.schema.dropTable("suite_types").execute();
}
