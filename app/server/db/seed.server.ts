import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { nowIso, type Db } from "./database.server";

/**
 * Fills a new database with the defaults a salon starts from. Runs once per database (remembered
 * in app_meta), so slides an editor deletes later do not come back at the next start.
 */
export async function seedDefaults(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    // Claim first: another instance starting at the same moment waits on this row until we commit,
    // then finds it taken and seeds nothing (checking, then inserting, let both seed and one crash).
    const claimed = await tx
      .insertInto("app_meta")
      .values({ key: "seeded_at", value: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed) return;
    await tx
      .insertInto("hero_slides")
      .values(
        DEFAULT_HERO_SLIDES.map((slide, index) => ({
          title: slide.title,
          highlight: slide.highlight,
          tag: slide.tag,
          subtitle: slide.subtitle,
          description: slide.description,
          image_url: slide.image_url,
          image_alt: slide.image_alt,
          buttons: JSON.stringify(slide.buttons),
          is_active: 1,
          display_order: index,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
}
