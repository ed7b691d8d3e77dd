import { PAGE_IDS } from "~/lib/content-rules";
import type { Db } from "../db/database.server";

async function count(db: Db, table: "site_images" | "site_content" | "form_submissions" | "hero_slides") {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The dashboard's live figures. */
export async function dashboardStats(db: Db) {
  const [images, contentSections, submissions, slides, unread] = await Promise.all([
    count(db, "site_images"),
    db
      .selectFrom("site_content")
      .select(["page", "section"])
      .distinct()
      .execute()
      .then((rows) => rows.length),
    count(db, "form_submissions"),
    count(db, "hero_slides"),
    db
      .selectFrom("form_submissions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "new")
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.count)),
  ]);
  return { pages: PAGE_IDS.length, images, contentSections, submissions, unread, slides };
}
