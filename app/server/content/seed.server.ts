import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { SUITE_MANAGER } from "~/content/suite-tour";
import { staffKey } from "~/lib/booking/model";
import { newCalendarToken } from "../booking/notices/calendar-feed.server";
import { SITE_PHOTOS } from "../media/site-photos";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";

/**
 * Fills a new database with the defaults a salon starts from. Each part runs once per database
 * (remembered in app_meta), so what an editor deletes later does not come back at the next start;
 * a part added in a later version runs once on the databases that already exist.
 */
export async function seedDefaults(db: Db): Promise<void> {
  await once(db, "seeded_at", async (tx, now) => {
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
  await once(db, "site_photos_seeded_at", async (tx, now) => {
    // Listed last first: the library shows the newest row first, so they keep the files' order.
    await tx
      .insertInto("site_images")
      .values(
        [...SITE_PHOTOS].reverse().map((photo) => ({
          storage_key: photo.file,
          original_name: photo.file,
          mime_type: "image/jpeg",
          width: photo.width,
          height: photo.height,
          size_bytes: photo.sizeBytes,
          alt: photo.alt,
          variants: "[]",
          uploaded_by: null,
          created_at: now,
          builtin: 1,
        })),
      )
      .onConflict((oc) => oc.column("storage_key").doNothing())
      .execute();
  });
  // The suite manager, whose working hours are the tour hours (decision 55). Not salon staff: the
  // salon's services still book like one chair each until people who do them are added.
  await once(db, "suite_manager_seeded_at", async (tx, now) => {
    const last = await tx
      .selectFrom("staff")
      .select((eb) => eb.fn.max("display_order").as("max"))
      .executeTakeFirst();
    const row = await tx
      .insertInto("staff")
      .values({
        name: SUITE_MANAGER.name,
        email: "",
        photo_url: "",
        services: JSON.stringify(SUITE_MANAGER.services),
        hours: JSON.stringify(SUITE_MANAGER.hours),
        is_active: 1,
        display_order: Number(last?.max ?? -1) + 1,
        calendar_token: newCalendarToken(),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("booking_resources")
      .values({ key: staffKey(row.id) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  });
}

/** Runs `seed` in a transaction unless `key` is already in app_meta, and records it there. */
async function once(db: Db, key: string, seed: (tx: DbOrTx, now: string) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    // Claim first: another instance starting at the same moment waits on this row until we commit,
    // then finds it taken and seeds nothing (checking, then inserting, let both seed and one crash).
    const claimed = await tx
      .insertInto("app_meta")
      .values({ key, value: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (claimed) await seed(tx, now);
  });
}
