import { DEFAULT_SUITE_TYPES } from "~/content/suite-types";
import { suiteTypeRow } from "~/server/content/seed.server";
import type { DbOrTx } from "~/server/db/database.server";

/**
 * The default suite types as rows (what a new install's seed writes), for tests that post suite
 * applications: the server accepts only the suite types in the database. Already there: kept.
 */
export async function addDefaultSuiteTypes(db: DbOrTx): Promise<void> {
  await db
    .insertInto("suite_types")
    .values(DEFAULT_SUITE_TYPES.map((type, index) => suiteTypeRow(type, index, "2026-01-01T00:00:00.000Z")))
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}
