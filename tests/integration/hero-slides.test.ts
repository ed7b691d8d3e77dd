import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import type { HeroSlideInput } from "~/lib/hero-slide-form";
import { nowIso } from "~/server/db/database.server";
import { seedDefaults } from "~/server/content/seed.server";
import { ContentService } from "~/server/content/content.server";
import { getDraft } from "~/server/content/drafts.server";
import {
  createSlide,
  deleteSlide,
  discardSlidesDraft,
  getSlide,
  listAllSlides,
  listSlideVersions,
  publishSlides,
  reorderSlides,
  restoreSlidesVersion,
  setSlideActive,
  updateSlide,
} from "~/server/hero-slides/admin-slides.server";
import { activeHeroSlides, homeHeroSlides } from "~/server/hero-slides/hero-slides.server";
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

describe(`slide editor data layer: one draft of the whole carousel (${testDialect})`, () => {
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
  async function fresh() {
    const { db } = testDb();
    await clearTables(db, ["hero_slides", "audit_log", "content_drafts", "content_versions"]);
    return db;
  }
  const titles = async () => (await activeHeroSlides(testDb().db)).map((s) => s.title);

  it("creates slides at the end of the draft, with every field; visitors see them once published", async () => {
    const db = await fresh();
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
    expect(second.id).toBeGreaterThan(first.id);
    expect(await getSlide(db, second.id)).toEqual(second);
    expect(await titles()).toEqual([]);
    expect(await db.selectFrom("hero_slides").selectAll().execute()).toEqual([]);

    expect((await publishSlides(db, actor))?.changes).toEqual([
      { key: "slides", label: "Slides, in order", from: "", to: "First · Second" },
    ]);
    expect(await titles()).toEqual(["First", "Second"]);
    expect((await activeHeroSlides(db))[1]).toMatchObject({ tag: "NEW", buttons: second.buttons });
    expect(await getDraft(db, "hero-slides")).toBeUndefined();
    expect(await publishSlides(db, actor)).toBeUndefined();
    expect(await auditActions()).toEqual([
      "added the hero slide “First” in the draft",
      "added the hero slide “Second” in the draft",
      "published the hero slides",
    ]);
  });

  it("updates, hides, reorders and deletes in the draft; one publish makes it all live, with a readable version", async () => {
    const db = await fresh();
    const [a, b, c] = [
      await createSlide(db, input("A"), actor),
      await createSlide(db, input("B"), actor),
      await createSlide(db, input("C"), actor),
    ];
    await publishSlides(db, actor);
    const ids = (await listAllSlides(db)).map((s) => s.id);

    const updated = await updateSlide(db, ids[0], input("A2", { subtitle: "new" }), actor);
    expect(updated).toMatchObject({ id: ids[0], title: "A2", subtitle: "new", displayOrder: 0 });
    expect(await updateSlide(db, 999_999, input("Nope"), actor)).toBeUndefined();
    expect((await setSlideActive(db, ids[1], false, actor))?.isActive).toBe(false);
    expect(await setSlideActive(db, 999_999, true, actor)).toBeUndefined();
    // A stale list: it misses one slide and names one that is gone (and one twice).
    await reorderSlides(db, [ids[2], 999_999, ids[2]], actor);
    expect(await deleteSlide(db, ids[1], actor)).toBe(true);
    expect(await deleteSlide(db, ids[1], actor)).toBe(false);
    expect((await listAllSlides(db)).map((s) => [s.title, s.displayOrder])).toEqual([
      ["C", 0],
      ["A2", 1],
    ]);
    expect(await titles()).toEqual(["A", "B", "C"]); // visitors: still the published set

    const published = await publishSlides(db, actor);
    expect(published?.changes).toEqual([
      { key: "slides", label: "Slides, in order", from: "A · B · C", to: "C · A2" },
      { key: `${ids[0]}.title`, label: "“A”: Title", from: "A", to: "A2" },
      { key: `${ids[0]}.subtitle`, label: "“A”: Subtitle", from: "", to: "new" },
    ]);
    expect(await titles()).toEqual(["C", "A2"]);
    expect((await db.selectFrom("hero_slides").select("id").execute()).map((r) => r.id).sort()).toEqual(
      [ids[0], ids[2]].sort(),
    );
    const [latest] = await listSlideVersions(db);
    expect(latest).toMatchObject({ publishedBy: actor.email, changes: published!.changes });
    expect([a, b, c].map((s) => s.title)).toEqual(["A", "B", "C"]);
    expect(await auditActions()).toContain("hid the hero slide “B” in the draft");
  });

  it("a draft is previewed through the content view of its preview link; discard drops it", async () => {
    const db = await fresh();
    await createSlide(db, input("Live"), actor);
    await publishSlides(db, actor);
    await createSlide(db, input("Hidden new", { isActive: false }), actor);
    await createSlide(db, input("Coming"), actor);
    const draft = await getDraft(db, "hero-slides");
    const content = new ContentService(db);
    expect((await homeHeroSlides(content, db)).map((s) => s.title)).toEqual(["Live"]);
    expect((await homeHeroSlides(content.withDraft("hero-slides", draft!.values), db)).map((s) => s.title)).toEqual([
      "Live",
      "Coming",
    ]);
    expect(await discardSlidesDraft(db, actor)).toBe(true);
    expect(await discardSlidesDraft(db, actor)).toBe(false);
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["Live"]);
  });

  it("restore makes a version the draft; publishing it brings back a deleted slide under a new row", async () => {
    const db = await fresh();
    await createSlide(db, input("One"), actor);
    await createSlide(db, input("Two"), actor);
    await publishSlides(db, actor);
    const [first] = await listSlideVersions(db);
    const two = (await listAllSlides(db))[1];
    await deleteSlide(db, two.id, actor);
    await publishSlides(db, actor);
    expect(await titles()).toEqual(["One"]);

    expect(await restoreSlidesVersion(db, 999_999, actor)).toBe(false);
    expect(await restoreSlidesVersion(db, first.id, actor)).toBe(true);
    expect(await titles()).toEqual(["One"]); // a restore is a draft, not a publish
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["One", "Two"]);
    await publishSlides(db, actor);
    expect(await titles()).toEqual(["One", "Two"]);
    expect(await listSlideVersions(db)).toHaveLength(3);
  });

  it("a failed publish writes nothing: the published slides, the draft and the history stay as they were", async () => {
    const db = await fresh();
    const { dialect } = testDb();
    await createSlide(db, input("A"), actor);
    await createSlide(db, input("B"), actor);
    await publishSlides(db, actor);
    const ids = (await listAllSlides(db)).map((s) => s.id);
    await reorderSlides(db, [ids[1], ids[0]], actor);
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
      await expect(publishSlides(db, actor)).rejects.toThrow(/refused/);
    } finally {
      if (dialect === "sqlite") await sql`DROP TRIGGER refuse_one`.execute(db);
      else await sql`DROP TRIGGER refuse_one ON hero_slides; DROP FUNCTION refuse_one()`.execute(db);
    }
    expect(await titles()).toEqual(["A", "B"]);
    expect((await listAllSlides(db)).map((s) => s.title)).toEqual(["B", "A"]);
    expect(await listSlideVersions(db)).toHaveLength(1);
    expect((await auditActions()).filter((a) => a === "published the hero slides")).toHaveLength(1);
  });
});
