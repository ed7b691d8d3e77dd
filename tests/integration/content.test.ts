import { sql, type KyselyPlugin } from "kysely";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { PAGE_IDS, type PageId } from "~/lib/content-rules";
import { ContentService, UnknownContentKeyError } from "~/server/content/content.server";
import { contentRow, imageRow } from "../support/content-rows";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

/** [merged key, section, content_key, content_type] as docs/product.md (How keys are stored) has them. */
const RULES: Partial<Record<PageId, [string, string, string, string][]>> = {
  home: [
    ["professionals.title", "professionals", "title", "text"],
    ["professionals.paragraph2", "professionals", "paragraph2", "text"],
    ["about.title", "about", "title", "text"],
    ["about.subtitle", "about", "subtitle", "text"],
    ["about.image_url", "about", "image_url", "image"],
    ["about.button_text", "about", "button_text", "text"],
  ],
  about: [
    ["stat1_number", "mission", "stat1_number", "text"],
    ["stat4_label", "mission", "stat4_label", "text"],
    ["mission_text", "mission", "mission_text", "text"],
    ["welcome_title", "welcome", "welcome_title", "text"],
    ["welcome_image", "welcome", "welcome_image", "image"],
    ["ceo_bio", "ceo", "ceo_bio", "text"],
    ["ceo_image", "ceo", "ceo_image", "image"],
    ["ceo_badge_label", "ceo", "ceo_badge_label", "html"],
    ["journey_quote_attribution", "journey", "journey_quote_attribution", "text"],
    ["gallery_image3", "gallery", "gallery_image3", "image"],
    ["gallery_alt3", "gallery", "gallery_alt3", "text"],
  ],
  contact: [
    ["hero_title", "hero", "hero_title", "text"],
    ["hero_image", "hero", "hero_image", "image"],
    ["hours_monday", "hours", "hours_monday", "text"],
    ["hours_note", "hours", "hours_note", "text"],
    ["map_embed_url", "map", "map_embed_url", "text"],
    ["email", "info", "email", "text"],
    ["business_name", "info", "business_name", "text"],
    ["salon_phone", "info", "salon_phone", "text"],
    ["social_instagram", "social", "social_instagram", "text"],
  ],
  services: [
    ["hero_title", "main", "hero_title", "text"],
    ["cta_text", "main", "cta_text", "text"],
  ],
  suites: [
    ["hero_logo", "hero", "hero_logo", "image"],
    ["hero_image", "hero", "hero_image", "image"],
    ["hero_title", "hero", "hero_title", "text"],
    ["app_title", "application", "app_title", "text"],
    ["app_requirements", "application", "app_requirements", "text"],
    ["features_title", "features", "features_title", "text"],
    ["phone_number", "main", "phone_number", "text"],
  ],
  "service-hair": [
    ["service_options", "booking", "service_options", "json"],
    ["booking_title", "booking", "booking_title", "text"],
    ["hero_title", "hero", "hero_title", "text"],
    ["hero_image", "hero", "hero_image", "image"],
    ["phone_number", "hero", "phone_number", "text"],
    ["text_button_label", "hero", "text_button_label", "text"],
  ],
  "service-lip-fillers": [["service_options", "booking", "service_options", "json"]],
};

const valueFor = (key: string, n = 1) => (key === "service_options" ? JSON.stringify([`Option ${n}`]) : `${key} #${n}`);

describe(`ContentService (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let content: ContentService;

  const rows = (page?: PageId) => {
    let query = testDb()
      .db.selectFrom("site_content")
      .select(["page", "section", "content_key", "content_value", "content_type", "updated_by"]);
    if (page) query = query.where("page", "=", page);
    return query.orderBy("page").orderBy("section").orderBy("content_key").execute();
  };

  beforeEach(async () => {
    await testDb().db.deleteFrom("site_content").execute();
    content = new ContentService(testDb().db);
  });

  it("returns each page's defaults while nothing is stored", async () => {
    for (const page of PAGE_IDS) expect(await content.getPage(page)).toEqual(defaultsFor(page));
  });

  it("writes rows with the section and content_type rules of each page", async () => {
    for (const [page, rules] of Object.entries(RULES) as [PageId, [string, string, string, string][]][]) {
      await content.save(page, Object.fromEntries(rules.map(([key]) => [key, valueFor(key)])), null);
      const stored = await rows(page);
      expect(stored, page).toHaveLength(rules.length);
      for (const [key, section, contentKey, type] of rules) {
        const row = stored.find((r) => r.section === section && r.content_key === contentKey);
        expect(row, `${page} ${key}`).toMatchObject({ page, content_value: valueFor(key), content_type: type });
      }
      const merged = (await content.getPage(page)) as Record<string, string>;
      for (const [key] of rules) expect(merged[key], `${page} ${key}`).toBe(valueFor(key));
    }
  });

  it("shows an override at the next getPage (the cached page is dropped) and records who saved it", async () => {
    const before = await content.getPage("home");
    expect(before["professionals.title"]).toBe(defaultsFor("home")["professionals.title"]);

    await content.save("home", { "professionals.title": "For Independent Artists" }, 7);

    expect((await content.getPage("home"))["professionals.title"]).toBe("For Independent Artists");
    expect((await content.getPage("home"))["about.title"]).toBe(defaultsFor("home")["about.title"]);
    expect(await rows("home")).toEqual([
      {
        page: "home",
        section: "professionals",
        content_key: "title",
        content_value: "For Independent Artists",
        content_type: "text",
        updated_by: 7,
      },
    ]);

    // A second save of the same key updates the one row (conflict on page+section+content_key).
    await content.save("home", { "professionals.title": "For Beauty Pros" });
    expect(await rows("home")).toHaveLength(1);
    expect((await content.getPage("home"))["professionals.title"]).toBe("For Beauty Pros");
  });

  it("serves a page from its cache until a save drops it", async () => {
    await content.getPage("services");
    // Written behind the service's back: the cache does not see it …
    await testDb()
      .db.insertInto("site_content")
      .values(contentRow("services", "main", "cta_title", "Written directly", "text"))
      .execute();
    expect((await content.getPage("services")).cta_title).toBe(defaultsFor("services").cta_title);
    // … until a save of that page drops it.
    await content.save("services", { hero_title: "Treatments" });
    const page = await content.getPage("services");
    expect(page.cta_title).toBe("Written directly");
    expect(page.hero_title).toBe("Treatments");
  });

  it("removes an override when the value is null", async () => {
    await content.save("contact", { hero_title: "Say hello", email: "front@example.com" });
    expect((await content.getPage("contact")).email).toBe("front@example.com");

    await content.save("contact", { email: null, hours_note: null });

    expect(await rows("contact")).toMatchObject([{ content_key: "hero_title", content_value: "Say hello" }]);
    const page = await content.getPage("contact");
    expect(page.email).toBe(defaultsFor("contact").email);
    expect(page.hero_title).toBe("Say hello");
  });

  it("refuses unknown keys and writes nothing", async () => {
    for (const [page, values] of [
      ["contact", { hero_title: "Valid", bogus_key: "x" }],
      ["home", { "professionals.title": "Valid", title: "no section" }],
      ["home", { "professionals.title": "Valid", "professionals.image_url": "wrong section" }],
      ["about", { welcome_title: "Valid", service_options: "[]" }],
    ] as [PageId, Record<string, string>][]) {
      const error = await content.save(page, values).catch((e: unknown) => e);
      expect(error, page).toBeInstanceOf(UnknownContentKeyError);
      expect((error as UnknownContentKeyError).keys).toHaveLength(1);
    }
    expect(await rows()).toEqual([]);
    expect(await content.getPage("contact")).toEqual(defaultsFor("contact"));
  });

  it("leaves every key unchanged when a save fails midway (one transaction)", async () => {
    const { db, dialect } = testDb();
    // A value the database itself refuses, so the failure is a real one inside the transaction.
    if (dialect === "postgres") {
      await sql`ALTER TABLE site_content ADD CONSTRAINT site_content_test_refuse CHECK (content_value <> '__refused__')`.execute(
        db,
      );
    } else {
      for (const event of ["INSERT", "UPDATE"]) {
        await sql
          .raw(
            `CREATE TRIGGER site_content_test_refuse_${event.toLowerCase()} BEFORE ${event} ON site_content
             WHEN NEW.content_value = '__refused__' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
          )
          .execute(db);
      }
    }
    try {
      await content.save("contact", { hero_title: "Old title", business_name: "Old Name" });
      const before = await rows();
      const cached = await content.getPage("contact");
      expect(cached.hero_title).toBe("Old title");

      const error = await content
        .save("contact", {
          hero_title: "New title", // updates an existing row …
          business_name: null, // … deletes another …
          hero_subtitle: "New subtitle", // … inserts a third …
          city: "__refused__", // … and then the database refuses one.
          zip: "10001",
        })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(Error);
      expect(String(error)).toMatch(/refused|check constraint/i);
      expect(await rows()).toEqual(before);
      const page = await content.getPage("contact");
      expect(page).toEqual({ ...defaultsFor("contact"), hero_title: "Old title", business_name: "Old Name" });

      // The connection is usable afterwards: the transaction was rolled back, not left open.
      await content.save("contact", { city: "Austin" });
      expect((await content.getPage("contact")).city).toBe("Austin");
    } finally {
      if (dialect === "postgres") {
        await sql`ALTER TABLE site_content DROP CONSTRAINT site_content_test_refuse`.execute(db);
      } else {
        await sql`DROP TRIGGER site_content_test_refuse_insert`.execute(db);
        await sql`DROP TRIGGER site_content_test_refuse_update`.execute(db);
      }
    }
  });

  it("sanitizes ceo_badge_label: scripts and handlers out, <strong> and <br> kept", async () => {
    const dirty = `Years of<script>alert("x")</script><br><strong onclick="steal()">beauty</strong> <img src=x onerror="steal()"><a href="javascript:steal()">expertise</a>`;
    await content.save("about", { ceo_badge_label: dirty });

    const [row] = await rows("about");
    expect(row.content_type).toBe("html");
    for (const value of [row.content_value, (await content.getPage("about")).ceo_badge_label]) {
      expect(value).not.toMatch(/script|alert|onclick|onerror|steal|<img|<a /i);
      expect(value).toMatch(/<strong>beauty<\/strong>/);
      expect(value).toMatch(/<br ?\/?>/);
      expect(value).toContain("Years of");
      expect(value).toContain("expertise");
    }
  });

  it("sanitizes an html row on the way out too (written by something other than the editor)", async () => {
    await testDb()
      .db.insertInto("site_content")
      .values(
        contentRow(
          "about",
          "ceo",
          "ceo_badge_label",
          `<strong>20</strong><script>alert(1)</script><br><span onmouseover="x()">years</span>`,
          "html",
        ),
      )
      .execute();
    const label = (await content.getPage("about")).ceo_badge_label;
    expect(label).not.toMatch(/script|alert|onmouseover|<span/);
    expect(label).toMatch(/^<strong>20<\/strong><br ?\/?>years$/);
  });

  // A page read that started before a save and finished after it must not put the old page back
  // into the cache (possible on PostgreSQL's pool; SQLite's single connection serialises them).
  it("does not cache a page read that overlapped a save", async () => {
    // Holds the result of the first read until we let it go, as a slow network or a GC pause would.
    let readFetched!: () => void;
    const fetched = new Promise<void>((resolve) => (readFetched = resolve));
    let releaseRead!: () => void;
    const released = new Promise<void>((resolve) => (releaseRead = resolve));
    let holdNext = true;
    const heldFirstRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (holdNext) {
          holdNext = false;
          readFetched();
          await released;
        }
        return args.result;
      },
    };
    content = new ContentService(testDb().db.withPlugin(heldFirstRead));

    const overlapping = content.getPage("contact");
    await fetched; // the read has its (old) rows …
    const saving = content.save("contact", { hero_title: "Saved while reading" });
    // … and the save commits before the read hands them back. (On SQLite the save waits for the
    // one connection the read still holds, so there the read simply comes first.)
    if (testDialect === "postgres") await saving;
    else await new Promise((resolve) => setTimeout(resolve, 50));
    releaseRead();
    await saving;
    await overlapping;

    expect((await content.getPage("contact")).hero_title).toBe("Saved while reading");
  });

  describe("a stored value that cannot be shown gives way to the key's default", () => {
    const writeRow = (page: PageId, section: string, key: string, value: string, type: "json" | "image", at: string) =>
      testDb()
        .db.insertInto("site_content")
        .values(contentRow(page, section, key, value, type, at))
        .execute();

    /** A JSON logger writing to an array, as the server's pino logger writes to standard output. */
    function memoryLogger() {
      const lines: { level: number; msg: string; page?: string; key?: string }[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      return { logger, warnings: () => lines.filter((l) => l.level === 40) };
    }

    it("corrupt JSON: the default options, one warning per stored value, the editor told", async () => {
      const { logger, warnings } = memoryLogger();
      content = new ContentService(testDb().db, logger);
      await writeRow(
        "service-hair",
        "booking",
        "service_options",
        '["Cut", "Colour"',
        "json",
        "2026-05-01T10:00:00.000Z",
      );
      await writeRow(
        "service-nails",
        "booking",
        "service_options",
        '{"not": "a list"}',
        "json",
        "2026-05-01T10:00:00.000Z",
      );

      const hair = await content.getPage("service-hair");
      expect(hair.service_options).toBe(defaultsFor("service-hair").service_options);
      expect(hair.hero_title).toBe(defaultsFor("service-hair").hero_title);
      expect((await content.getPage("service-nails")).service_options).toBe(
        defaultsFor("service-nails").service_options,
      );
      expect(await content.getIssues("service-hair")).toEqual({ unreadable: ["service_options"], missingImages: [] });

      // Read again after the cache was dropped: still one warning for that stored value.
      content.invalidate();
      await content.getPage("service-hair");
      expect(warnings().filter((w) => w.page === "service-hair")).toEqual([
        expect.objectContaining({ key: "service_options", msg: expect.stringMatching(/could not be read/) }),
      ]);
      expect(warnings()).toHaveLength(2);

      // A new (still corrupt) value is a new version: warned once more.
      await testDb()
        .db.updateTable("site_content")
        .set({ content_value: "[oops", updated_at: "2026-05-02T10:00:00.000Z" })
        .where("page", "=", "service-hair")
        .execute();
      content.invalidate();
      await content.getPage("service-hair");
      await content.getPage("service-hair");
      expect(warnings().filter((w) => w.page === "service-hair")).toHaveLength(2);

      // Saving a good value replaces it.
      await content.save("service-hair", { service_options: JSON.stringify(["Cut"]) });
      expect((await content.getPage("service-hair")).service_options).toBe('["Cut"]');
      expect(await content.getIssues("service-hair")).toEqual({ unreadable: [], missingImages: [] });
    });

    it("an image deleted from the media library: the default image, the key reported", async () => {
      const { db } = testDb();
      await clearTables(db, ["site_images"]);
      await db.insertInto("site_images").values(imageRow("2026/05/kept-0a1b2c3d4e.jpg")).execute();
      await content.save("about", {
        welcome_image: "/media/2026/05/kept-0a1b2c3d4e.jpg",
        ceo_image: "/media/2026/05/gone-0a1b2c3d4e.jpg",
        gallery_image1: "/images/gallery-2.jpg",
      });

      const about = await content.getPage("about");
      expect(about.welcome_image).toBe("/media/2026/05/kept-0a1b2c3d4e.jpg");
      expect(about.ceo_image).toBe(defaultsFor("about").ceo_image);
      expect(about.gallery_image1).toBe("/images/gallery-2.jpg");
      expect(await content.getIssues("about")).toEqual({ unreadable: [], missingImages: ["ceo_image"] });
      // The stored value is left alone: an editor's save replaces it.
      expect(await content.getOverrides("about")).toMatchObject({ ceo_image: "/media/2026/05/gone-0a1b2c3d4e.jpg" });

      // Deleting the other image shows once the cache is dropped (every admin change drops it).
      await db.deleteFrom("site_images").execute();
      content.invalidate();
      expect((await content.getPage("about")).welcome_image).toBe(defaultsFor("about").welcome_image);
      expect((await content.getIssues("about")).missingImages.sort()).toEqual(["ceo_image", "welcome_image"]);
    });
  });
});
