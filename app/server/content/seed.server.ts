import { addMonths, formatISO } from "date-fns";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import {
  DAILY_RENTALS_SLUG,
  DEFAULT_SUITE_TYPES,
  DEFAULT_SUITE_UNITS,
  EXAMPLE_LEASES,
  type DefaultSuiteType,
} from "~/content/suite-types";
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
  const isNew = await once(db, "seeded_at", async (tx, now) => {
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
  await once(db, "suites_seeded_at", (tx, now) => seedSuites(tx, now, { exampleLeases: isNew }));
  // Daily Rentals came after the first three types (decision 56): a database seeded before gets it
  // (after its own types); on a new one the step above made it already, and this adds nothing.
  await once(db, "daily_rentals_seeded_at", (tx, now) =>
    seedSuites(tx, now, { exampleLeases: false, slugs: [DAILY_RENTALS_SLUG] }),
  );
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

/** A default suite type as the row the seed writes. */
export function suiteTypeRow(type: DefaultSuiteType, displayOrder: number, now: string) {
  return {
    slug: type.slug,
    name: type.name,
    size_label: type.sizeLabel,
    rent_period: type.rentPeriod,
    rent_from_cents: type.rentFromCents,
    included: JSON.stringify(type.included),
    photos: JSON.stringify(type.photos),
    description: type.description,
    display_order: displayOrder,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The suite types (all, or those of `slugs`) and their units /suites starts with, after any types
 * already there. The example leases only on a new database: on one that already runs, made-up
 * lessees would take real units off the "free now" count.
 */
async function seedSuites(
  tx: DbOrTx,
  now: string,
  { exampleLeases, slugs }: { exampleLeases: boolean; slugs?: string[] },
): Promise<void> {
  const seeded = DEFAULT_SUITE_TYPES.filter((type) => !slugs || slugs.includes(type.slug));
  const last = await tx
    .selectFrom("suite_types")
    .select((eb) => eb.fn.max("display_order").as("max"))
    .executeTakeFirst();
  const firstOrder = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  await tx
    .insertInto("suite_types")
    .values(seeded.map((type, index) => suiteTypeRow(type, firstOrder + index, now)))
    // A type or unit already there (app_meta lost, the tables kept) stays as it is.
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  const types = await tx
    .selectFrom("suite_types")
    .select(["id", "slug"])
    .where(
      "slug",
      "in",
      seeded.map((type) => type.slug),
    )
    .execute();
  const typeId = new Map(types.map((type) => [type.slug, type.id]));
  const day = (months: number) => formatISO(addMonths(new Date(now), months), { representation: "date" });
  await tx
    .insertInto("suite_units")
    .values(
      DEFAULT_SUITE_UNITS.filter((unit) => typeId.has(unit.typeSlug)).map((unit) => {
        const lease = exampleLeases ? EXAMPLE_LEASES.find((l) => l.unit === unit.name) : undefined;
        return {
          type_id: typeId.get(unit.typeSlug)!,
          name: unit.name,
          lessee_name: lease?.name ?? "",
          lessee_email: lease?.email ?? "",
          lessee_phone: lease?.phone ?? "",
          lessee_specialty: lease?.specialty ?? "",
          lease_start: lease ? day(-lease.startedMonthsAgo) : null,
          lease_end: lease ? day(lease.endsInMonths) : null,
          rent_cents: lease?.rentCents ?? null,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/**
 * Runs `seed` in a transaction unless `key` is already in app_meta, and records it there. True when
 * it ran.
 */
async function once(db: Db, key: string, seed: (tx: DbOrTx, now: string) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
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
    return Boolean(claimed);
  });
}
