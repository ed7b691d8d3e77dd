import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { ensureFirstAdmin } from "~/server/auth/first-admin.server";
import { openDatabase } from "~/server/db/database.server";
import { seedDefaults } from "~/server/content/seed.server";
import { createLogger } from "~/server/logger.server";
import { listImages } from "~/server/media/library.server";
import { SITE_PHOTOS } from "~/server/media/site-photos";
import { clearTables, createTestDatabase, testDialect, useTestDatabase } from "../support/test-db";

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

  it("lists the site's own photographs in the media library once, even for a database seeded before them", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images", "app_meta"]);
    // A database from before: its defaults were seeded, the photographs were not.
    await db.insertInto("app_meta").values({ key: "seeded_at", value: "2026-01-01T00:00:00.000Z" }).execute();
    const slidesBefore = await slides();

    await seedDefaults(db);
    await seedDefaults(db);

    const listed = await listImages(db);
    expect(listed.map((i) => i.name)).toEqual(SITE_PHOTOS.map((p) => p.file));
    expect(listed.every((i) => i.builtin && i.url === `/images/${i.name}` && i.mimeType === "image/jpeg")).toBe(true);
    expect(listed.find((i) => i.name === "hero-welcome.jpg")).toMatchObject({
      width: 2400,
      height: 1350,
      alt: expect.stringMatching(/^Bright salon lounge/),
    });
    expect(await slides()).toEqual(slidesBefore);

    // Taken off the list, they stay off.
    await db.deleteFrom("site_images").where("storage_key", "=", "gallery-1.jpg").execute();
    await seedDefaults(db);
    expect(await listImages(db)).toHaveLength(SITE_PHOTOS.length - 1);
  });
});

// SQLite serves one instance (one process); several instances share PostgreSQL.
describe.skipIf(testDialect !== "postgres")("several instances starting together on a new PostgreSQL database", () => {
  it("seed the defaults once and make one first admin, and none of them fails", async () => {
    const fresh = await createTestDatabase();
    const instances = Array.from({ length: 4 }, () => openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir }));
    try {
      const logger = createLogger("silent");
      const started = await Promise.all(
        instances.map(async ({ db }) => {
          await seedDefaults(db);
          return ensureFirstAdmin(db, {
            email: "owner@aurelia.test",
            password: "correct-horse-battery",
            logger,
            dialect: testDialect,
          });
        }),
      );
      expect(started.filter((s) => s.created)).toHaveLength(1);
      expect(await fresh.db.selectFrom("hero_slides").select("id").execute()).toHaveLength(DEFAULT_HERO_SLIDES.length);
      expect(await fresh.db.selectFrom("site_images").select("id").execute()).toHaveLength(SITE_PHOTOS.length);
      const admins = await fresh.db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").execute();
      expect(admins).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await fresh.destroy();
    }
  });
});
