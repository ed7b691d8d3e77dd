import { sql } from "kysely";
import { searchPages } from "~/lib/admin-pages";
import type { Db } from "../db/database.server";

/** LIKE pattern for a literal text: % and _ in what people type match themselves. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin header search: editable pages by title/description, submissions by their text. */
export async function searchAdmin(db: Db, q: string) {
  const pattern = likePattern(q);
  const submissions = await db
    .selectFrom("form_submissions")
    .select(["id", "name", "email", "form_type", "created_at"])
    .where("status", "!=", "spam")
    .where((eb) =>
      eb.or(
        (["name", "email", "phone", "service", "message", "form_type"] as const).map(
          (col) => sql<boolean>`lower(coalesce(${sql.ref(col)}, '')) like ${pattern} escape '\\'`,
        ),
      ),
    )
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  return { pages: searchPages(q), submissions };
}
