import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { nowIso, type Db } from "./database.server";

/**
 * Fills a new database with the defaults a salon starts from. Runs once per database (remembered
 * in app_meta), so slides an editor deletes later do not come back at the next start.
 */
export async function seedDefaults(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const seeded = await tx.selectFrom("app_meta").select("value").where("key", "=", "seeded_at").executeTakeFirst();
    if (seeded) return;
    const now = nowIso();
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
    await tx.insertInto("app_meta").values({ key: "seeded_at", value: now }).execute();
  });
}
