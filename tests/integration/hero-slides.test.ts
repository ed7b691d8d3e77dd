import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import type { HeroSlideInput } from "~/lib/hero-slide-form";
import { nowIso } from "~/server/db/database.server";
import { seedDefaults } from "~/server/content/seed.server";
import {
  createSlide,
  deleteSlide,
  getSlide,
  listAllSlides,
  reorderSlides,
  setSlideActive,
  updateSlide,
} from "~/server/hero-slides/admin-slides.server";
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

const input = (title: string, overrides: Partial<HeroSlideInput> = {}): HeroSlideInput => ({
  title,
  highlight: "",
  tag: "",
  subtitle: "",
  description: "",
  imageUrl: "/images/hero-welcome.jpg",
  imageAlt: "A salon lounge",
  isActive: true,
  buttons: [],
  ...overrides,
});

describe(`slide editor data layer (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const actor = { userId: null, email: "editor@aurelia.test" };

  async function auditActions() {
    const rows = await testDb()
      .db.selectFrom("audit_log")
      .select(["action", "user_email"])
      .orderBy("id", "asc")
      .execute();
    return rows.map((r) => r.action);
  }

  it("creates slides at the end, with every field, and the carousel shows them", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const first = await createSlide(db, input("First"), actor);
    const second = await createSlide(
      db,
      input("Second", {
        highlight: "in italics",
        tag: "NEW",
        subtitle: "Sub",
        description: "Words",
        imageAlt: "Alt",
        buttons: [
          { label: "BOOK", primary: true, action: "scroll-appointment" },
          { label: "SEE", primary: false, action: "url", url: "https://example.com/x" },
        ],
      }),
      actor,
    );
    expect(first.displayOrder).toBe(0);
    expect(second).toMatchObject({ displayOrder: 1, highlight: "in italics", tag: "NEW", isActive: true });
    expect(await getSlide(db, second.id)).toEqual(second);
    expect((await activeHeroSlides(db)).map((s) => s.title)).toEqual(["First", "Second"]);
    expect((await activeHeroSlides(db))[1].buttons).toEqual(second.buttons);
    expect(await auditActions()).toEqual(["added the hero slide “First”", "added the hero slide “Second”"]);
  });

  it("updates a slide's fields but not its position; an unknown id changes nothing", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const a = await createSlide(db, input("A"), actor);
    await createSlide(db, input("B"), actor);
    const updated = await updateSlide(db, a.id, input("A2", { subtitle: "new", isActive: false }), actor);
    expect(updated).toMatchObject({ id: a.id, title: "A2", subtitle: "new", isActive: false, displayOrder: 0 });
    expect(await updateSlide(db, 999_999, input("Nope"), actor)).toBeUndefined();
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["A2", "B"]);
    expect((await activeHeroSlides(db)).map((s) => s.title)).toEqual(["B"]);
    expect(await getSlide(db, 999_999)).toBeUndefined();
    expect(await getSlide(db, Number.NaN)).toBeUndefined();
  });

  it("hides and shows a slide, with an audit entry each", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const a = await createSlide(db, input("Toggle me"), actor);
    expect((await setSlideActive(db, a.id, false, actor))?.isActive).toBe(false);
    expect(await activeHeroSlides(db)).toEqual([]);
    expect((await listAllSlides(db)).map((s) => [s.title, s.isActive])).toEqual([["Toggle me", false]]);
    expect((await setSlideActive(db, a.id, true, actor))?.isActive).toBe(true);
    expect((await activeHeroSlides(db)).map((s) => s.title)).toEqual(["Toggle me"]);
    expect(await setSlideActive(db, 999_999, true, actor)).toBeUndefined();
    expect((await auditActions()).slice(1)).toEqual([
      "hid the hero slide “Toggle me”",
      "showed the hero slide “Toggle me”",
    ]);
  });

  it("reorders in one go; stale lists keep unnamed slides after the named ones", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const [a, b, c] = [
      await createSlide(db, input("A"), actor),
      await createSlide(db, input("B"), actor),
      await createSlide(db, input("C"), actor),
    ];
    const reordered = await reorderSlides(db, [c.id, a.id, b.id], actor);
    expect(reordered.map((s) => [s.title, s.displayOrder])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
    expect((await activeHeroSlides(db)).map((s) => s.title)).toEqual(["C", "A", "B"]);
    // A list that misses B and names a slide that is gone (and one twice).
    await reorderSlides(db, [a.id, 999_999, c.id, a.id], actor);
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["A", "C", "B"]);
    expect((await auditActions()).at(-1)).toBe("reordered the hero slides");
  });

  it("a failed reorder leaves the old order (all or nothing)", async () => {
    const { db, dialect } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const [a, b] = [await createSlide(db, input("A"), actor), await createSlide(db, input("B"), actor)];
    // The database refuses the second of the two position writes: the first must be undone.
    if (dialect === "sqlite") {
      await sql`CREATE TRIGGER refuse_one BEFORE UPDATE ON hero_slides WHEN NEW.display_order = 1
        BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION refuse_one() RETURNS trigger AS $$
        BEGIN IF NEW.display_order = 1 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_one BEFORE UPDATE ON hero_slides FOR EACH ROW EXECUTE FUNCTION refuse_one()`.execute(
        db,
      );
    }
    try {
      await expect(reorderSlides(db, [b.id, a.id], actor)).rejects.toThrow(/refused/);
    } finally {
      if (dialect === "sqlite") await sql`DROP TRIGGER refuse_one`.execute(db);
      else await sql`DROP TRIGGER refuse_one ON hero_slides; DROP FUNCTION refuse_one()`.execute(db);
    }
    expect((await listAllSlides(db)).map((s) => [s.title, s.displayOrder])).toEqual([
      ["A", 0],
      ["B", 1],
    ]);
    expect(await auditActions()).not.toContain("reordered the hero slides");
  });

  it("deletes a slide; the carousel and the list lose it", async () => {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log"]);
    const a = await createSlide(db, input("Keep"), actor);
    const b = await createSlide(db, input("Delete me"), actor);
    expect(await deleteSlide(db, b.id, actor)).toBe(true);
    expect(await deleteSlide(db, b.id, actor)).toBe(false);
    expect((await listAllSlides(db)).map((s) => s.id)).toEqual([a.id]);
    expect((await activeHeroSlides(db)).map((s) => s.title)).toEqual(["Keep"]);
    expect((await auditActions()).at(-1)).toBe("deleted the hero slide “Delete me”");
  });
});
