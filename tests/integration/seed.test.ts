import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { seedDefaults } from "~/server/db/seed.server";
import { testDialect, useTestDatabase } from "../support/test-db";

describe(`seedDefaults (${testDialect})`, () => {
  const testDb = useTestDatabase();

  const slides = () =>
    testDb().db.selectFrom("hero_slides").selectAll().orderBy("display_order").orderBy("id").execute();

  it("inserts the four default hero slides in order, once", async () => {
    const { db } = testDb();
    await seedDefaults(db);

    const rows = await slides();
    expect(DEFAULT_HERO_SLIDES).toHaveLength(4);
    expect(rows.map((r) => r.title)).toEqual(DEFAULT_HERO_SLIDES.map((s) => s.title));
    expect(rows.map((r) => r.display_order)).toEqual([0, 1, 2, 3]);
    rows.forEach((row, i) => {
      const slide = DEFAULT_HERO_SLIDES[i];
      expect(row.is_active).toBe(1);
      expect(row).toMatchObject({
        highlight: slide.highlight,
        tag: slide.tag,
        subtitle: slide.subtitle,
        description: slide.description,
        image_url: slide.image_url,
        image_alt: slide.image_alt,
      });
      expect(JSON.parse(row.buttons)).toEqual(slide.buttons);
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });
    const seeded = await db.selectFrom("app_meta").select("value").where("key", "=", "seeded_at").executeTakeFirst();
    expect(seeded?.value).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await seedDefaults(db);
    expect(await slides()).toHaveLength(4);
  });

  it("does not bring deleted slides back", async () => {
    const { db } = testDb();
    await seedDefaults(db);
    await db.deleteFrom("hero_slides").execute();

    await seedDefaults(db);
    await seedDefaults(db);

    expect(await slides()).toEqual([]);
  });
});
