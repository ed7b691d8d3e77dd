import { DEFAULT_SUITE_TYPES } from "~/content/suite-types";
import type { DbOrTx } from "~/server/db/database.server";

/**
 * The default suite types as rows (what a new install's seed writes), for tests that post suite
 * applications: the server accepts only the suite types in the database. Already there: kept.
 */
export async function addDefaultSuiteTypes(db: DbOrTx): Promise<void> {
  const at = "2026-01-01T00:00:00.000Z";
  await db
    .insertInto("suite_types")
    .values(
      DEFAULT_SUITE_TYPES.map((type, index) => ({
        slug: type.slug,
        name: type.name,
        size_label: type.sizeLabel,
        rent_period: type.rentPeriod,
        rent_from_cents: type.rentFromCents,
        display_order: index,
        included: "[]",
        photos: "[]",
        description: "",
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}
