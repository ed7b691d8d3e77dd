import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { nowIso } from "~/server/db/database.server";
import { seedDefaults } from "~/server/db/seed.server";
import { activeHeroSlides } from "~/server/hero-slides/hero-slides.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

describe(`activeHeroSlides (${testDialect})`, () => {
  const testDb = useTestDatabase();

  async function insert(title: string, displayOrder: number, isActive: boolean, buttons = "[]") {
    const now = nowIso();
    await testDb()
      .db.insertInto("hero_slides")
      .values({
        title,
        subtitle: "",
        image_url: "/images/hero-welcome.jpg",
        image_alt: "",
        is_active: isActive ? 1 : 0,
        display_order: displayOrder,
        tag: "",
        highlight: "",
        description: "",
        buttons,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it("returns the seeded slides in order, with their buttons parsed", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides"]);
    await seedDefaults(db);
    const slides = await activeHeroSlides(db);
    expect(slides.map((s) => s.title)).toEqual(DEFAULT_HERO_SLIDES.map((s) => s.title));
    expect(slides[0]).toMatchObject({
      highlight: DEFAULT_HERO_SLIDES[0].highlight,
      tag: DEFAULT_HERO_SLIDES[0].tag,
      imageUrl: DEFAULT_HERO_SLIDES[0].image_url,
      imageAlt: DEFAULT_HERO_SLIDES[0].image_alt,
      isActive: true,
      buttons: DEFAULT_HERO_SLIDES[0].buttons,
    });
  });

  it("leaves inactive slides out and orders by display_order, then by id", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides"]);
    await insert("Third", 5, true);
    await insert("Hidden", 0, false);
    await insert("First", 1, true);
    await insert("Second (same position, added later)", 1, true);
    await insert("Also hidden", 9, false);

    const slides = await activeHeroSlides(db);
    expect(slides.map((s) => s.title)).toEqual(["First", "Second (same position, added later)", "Third"]);
    expect(slides.every((s) => s.isActive)).toBe(true);
    expect(slides.map((s) => s.displayOrder)).toEqual([1, 1, 5]);
  });

  it("shows a slide whose buttons column is broken, without buttons", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides"]);
    await insert("Broken buttons", 0, true, "{not json");
    await insert("Bad action", 1, true, JSON.stringify([{ label: "Go", primary: true, action: "explode" }]));
    const slides = await activeHeroSlides(db);
    expect(slides.map((s) => [s.title, s.buttons])).toEqual([
      ["Broken buttons", []],
      ["Bad action", []],
    ]);
  });

  it("is empty when every slide is hidden", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides"]);
    await insert("Hidden", 0, false);
    expect(await activeHeroSlides(db)).toEqual([]);
  });
});
