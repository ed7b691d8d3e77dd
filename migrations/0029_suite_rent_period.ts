import type { Kysely } from "kysely";

/**
 * A suite type is rented by the week or by the day (decision 56, amending 53): `rent_period` says
 * which, and the rents become "per period" (`rent_from_cents` on the type, `rent_cents` on a unit's
 * lease, in its type's period). Renaming keeps every stored rent; the covering index follows the
 * renamed column. Daily Rentals itself comes from the seed step, on new and existing databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("suite_types")
    .addColumn("rent_period", "text", (c) => c.notNull().defaultTo("week"))
    .execute();
  await db.schema.alterTable("suite_types").renameColumn("weekly_rent_from_cents", "rent_from_cents").execute();
  await db.schema.alterTable("suite_units").renameColumn("weekly_rent_cents", "rent_cents").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("suite_units").renameColumn("rent_cents", "weekly_rent_cents").execute();
  await db.schema.alterTable("suite_types").renameColumn("rent_from_cents", "weekly_rent_from_cents").execute();
  await db.schema.alterTable("suite_types").dropColumn("rent_period").execute();
}
