import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ContentService } from "~/server/content/content.server";
import { nowIso } from "~/server/db/database.server";
import {
  addImage,
  deleteImage,
  getImage,
  imageUsages,
  inUseMessage,
  listImages,
  mediaRoots,
  updateAlt,
} from "~/server/media/library.server";
import { seedDefaults } from "~/server/content/seed.server";
import { discardDraft, saveDraft } from "~/server/content/drafts.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { addDefaultSuiteTypes } from "../support/suite-types";
import { UploadError } from "~/server/media/upload.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

const jpeg = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#c9a27e" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam" } })
    .toBuffer();

describe(`media library (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const roots = () => mediaRoots(testDb().dataDir);

  it("stores an upload: a row with the cleaned file's facts, the file, its first variants", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(
      db,
      roots(),
      { bytes: await jpeg(), name: "Front Desk.jpg", type: "image/jpeg" },
      null,
    );
    expect(image).toMatchObject({ name: "Front Desk.jpg", width: 900, height: 600, mimeType: "image/jpeg", alt: "" });
    expect(image.url).toMatch(/^\/media\/\d{4}\/\d{2}\/front-desk-[0-9a-f]{10}\.jpg$/);
    const master = path.join(roots().uploadsDir, image.url.slice("/media/".length));
    expect(fs.statSync(master).size).toBe(image.sizeBytes);
    expect((await sharp(master).metadata()).exif).toBeUndefined();
    for (const format of ["webp", "avif"]) {
      expect(fs.existsSync(path.join(roots().cacheDir, "640", format, image.url))).toBe(true);
    }
    const row = await db.selectFrom("site_images").selectAll().where("id", "=", image.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.variants)).toEqual([
      { width: 640, format: "webp", key: `640/webp${image.url}` },
      { width: 640, format: "avif", key: `640/avif${image.url}` },
    ]);
    expect(await listImages(db)).toEqual([image]);
  });

  it("refuses what is not an image and records nothing", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    await expect(
      addImage(db, roots(), { bytes: Buffer.from("not an image"), name: "fake.jpg" }, null),
    ).rejects.toBeInstanceOf(UploadError);
    expect(await listImages(db)).toEqual([]);
  });

  it("lists newest first and saves alt text (trimmed)", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const first = await addImage(db, roots(), { bytes: await jpeg(320, 240), name: "one.jpg" }, null);
    const second = await addImage(db, roots(), { bytes: await jpeg(320, 240), name: "two.jpg" }, null);
    expect((await listImages(db)).map((i) => i.name)).toEqual(["two.jpg", "one.jpg"]);
    expect(await updateAlt(db, first.id, "  A calm treatment room  ")).toBe(true);
    expect((await getImage(db, first.id))?.alt).toBe("A calm treatment room");
    expect(await updateAlt(db, second.id + 1000, "nobody")).toBe(false);
  });

  it("finds where an image is used: page content (any page, any key) and hero slides", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images", "site_content", "hero_slides"]);
    const used = await addImage(db, roots(), { bytes: await jpeg(320, 240), name: "used.jpg" }, null);
    const unused = await addImage(db, roots(), { bytes: await jpeg(320, 240), name: "unused.jpg" }, null);
    const content = new ContentService(db);
    await content.save("home", { "about.image_url": used.url });
    await content.save("service-hair", { hero_image: used.url });
    await content.save("about", { welcome_paragraph1: `See /_img/640/webp${used.url} for the room.` });
    const now = nowIso();
    const slide = await db
      .insertInto("hero_slides")
      .values({
        title: "Spring glow",
        subtitle: "",
        image_url: used.url,
        image_alt: "",
        is_active: 1,
        display_order: 0,
        tag: "",
        highlight: "",
        description: "",
        buttons: "[]",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const usages = await imageUsages(db, [used.url, unused.url]);
    expect(usages.get(unused.url)).toEqual([]);
    expect(usages.get(used.url)).toEqual(
      expect.arrayContaining([
        { kind: "content", label: "Homepage › About Section › Image", href: "/admin/edit/home" },
        { kind: "content", label: "Hair Services › Hero › Hero Image", href: "/admin/edit/service/hair" },
        { kind: "content", label: "About Us › Welcome › Paragraph 1", href: "/admin/edit/about" },
        { kind: "slide", label: "Hero slide 1: Spring glow", href: `/admin/hero-slides/edit/${slide.id}` },
      ]),
    );
    expect(usages.get(used.url)).toHaveLength(4);

    // In use: the delete is refused with those places, and nothing is removed.
    const master = path.join(roots().uploadsDir, used.url.slice("/media/".length));
    const refused = await deleteImage(db, roots(), used.id);
    expect(refused).toMatchObject({ status: "in-use", usages: usages.get(used.url) });
    expect(inUseMessage(usages.get(used.url)!)).toMatch(
      /^This image is used on: .*Homepage › About Section › Image.*, Hero slide 1: Spring glow\. Choose another image there first\.$/,
    );
    expect(fs.existsSync(master)).toBe(true);
    expect(await getImage(db, used.id)).not.toBeNull();
    expect((await deleteImage(db, roots(), unused.id)).status).toBe("deleted");
  });

  it("an image only a draft, a suite type or a person shows is in use too; a draft that keeps the published image adds nothing", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images", "site_content", "hero_slides", "content_drafts", "suite_types", "staff"]);
    const image = async (name: string) => addImage(db, roots(), { bytes: await jpeg(320, 240), name }, null);
    const [drafted, slideDraft, suitePhoto, portrait, kept] = await Promise.all(
      ["drafted.jpg", "slide.jpg", "suite.jpg", "portrait.jpg", "kept.jpg"].map(image),
    );
    const content = new ContentService(db);
    await content.save("home", { "about.image_url": kept.url });
    // The home page's draft: a new about image, and the published one kept in another field's place.
    await saveDraft(db, "home", { "about.image_url": drafted.url }, null);
    await saveDraft(db, "about", { welcome_paragraph1: `See ${kept.url}` }, null);
    await saveDraft(db, "hero-slides", { slides: JSON.stringify([{ id: 1, imageUrl: slideDraft.url }]) }, null);
    await addDefaultSuiteTypes(db);
    const type = await db
      .selectFrom("suite_types")
      .select(["id", "name"])
      .orderBy("display_order")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("suite_types")
      .set({ photos: JSON.stringify([{ src: suitePhoto.url, alt: "A suite" }]) })
      .where("id", "=", type.id)
      .execute();
    const person = await createStaff(
      db,
      { userId: null, email: "owner@example.com" },
      {
        name: "Maya Chen",
        photoUrl: portrait.url,
        email: "",
        services: ["hair"],
        hours: null,
      },
    );

    const usages = await imageUsages(db, [drafted.url, slideDraft.url, suitePhoto.url, portrait.url, kept.url]);
    expect(usages.get(drafted.url)).toEqual([
      { kind: "draft", label: "Homepage (draft) › About Section › Image", href: "/admin/edit/home" },
    ]);
    expect(usages.get(slideDraft.url)).toEqual([
      { kind: "draft", label: "Hero slides (draft)", href: "/admin/hero-slides" },
    ]);
    expect(usages.get(suitePhoto.url)).toEqual([
      { kind: "suite-type", label: `Suites › ${type.name} › Photos`, href: `/admin/suites/types/${type.id}` },
    ]);
    expect(usages.get(portrait.url)).toEqual([
      { kind: "staff", label: "Staff › Maya Chen › Photo", href: `/admin/staff/${person.id}` },
    ]);
    // Published on the home page, and newly in the About page's draft text.
    expect(usages.get(kept.url)?.map((u) => u.label)).toEqual([
      "Homepage › About Section › Image",
      "About Us (draft) › Welcome › Paragraph 1",
    ]);
    for (const used of [drafted, slideDraft, suitePhoto, portrait])
      expect((await deleteImage(db, roots(), used.id)).status).toBe("in-use");

    // Once the draft is dropped, its image can go.
    await discardDraft(db, "home");
    expect((await deleteImage(db, roots(), drafted.id)).status).toBe("deleted");
  });

  it("the site's own photographs: in use through a default, refused; unused, off the list with the file kept", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images", "site_content", "hero_slides", "app_meta"]);
    await seedDefaults(db);
    const photos = (await listImages(db)).filter((i) => i.builtin);
    const byName = (name: string) => photos.find((p) => p.name === name)!;

    // about.image_url of the home page is this photograph by default (no row stored).
    const interior = byName("suite-interior.jpg");
    expect(interior.url).toBe("/images/suite-interior.jpg");
    const refused = await deleteImage(db, roots(), interior.id);
    expect(refused).toMatchObject({
      status: "in-use",
      usages: [{ kind: "content", label: "Homepage › About Section › Image", href: "/admin/edit/home" }],
    });
    // The seeded slides use theirs.
    expect(await deleteImage(db, roots(), byName("hero-welcome.jpg").id)).toMatchObject({
      status: "in-use",
      usages: [expect.objectContaining({ kind: "slide", label: "Hero slide 1: Welcome" })],
    });

    // Once the page shows another image, the photograph can leave the library; its file stays.
    await new ContentService(db).save("home", { "about.image_url": "/images/gallery-1.jpg" });
    expect(await deleteImage(db, roots(), interior.id)).toMatchObject({ status: "deleted" });
    expect(await getImage(db, interior.id)).toBeNull();
    expect(fs.existsSync(path.resolve("public/images/suite-interior.jpg"))).toBe(true);
  });

  it("deletes the row, the master and every variant; a second delete finds nothing", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(db, roots(), { bytes: await jpeg(), name: "gone.jpg" }, null);
    const keep = await addImage(db, roots(), { bytes: await jpeg(), name: "kept.jpg" }, null);
    const master = path.join(roots().uploadsDir, image.url.slice("/media/".length));
    // A variant made later, on request, goes too.
    const later = path.join(roots().cacheDir, "1280", "jpeg", image.url);
    fs.mkdirSync(path.dirname(later), { recursive: true });
    fs.writeFileSync(later, "x");

    expect(await deleteImage(db, roots(), image.id)).toMatchObject({ status: "deleted", image: { url: image.url } });
    expect(fs.existsSync(master)).toBe(false);
    expect(fs.existsSync(later)).toBe(false);
    expect(fs.existsSync(path.join(roots().cacheDir, "640", "webp", image.url))).toBe(false);
    expect(await getImage(db, image.id)).toBeNull();
    expect(await deleteImage(db, roots(), image.id)).toEqual({ status: "missing" });
    // The other image is untouched.
    expect(fs.existsSync(path.join(roots().uploadsDir, keep.url.slice("/media/".length)))).toBe(true);
    expect((await listImages(db)).map((i) => i.id)).toEqual([keep.id]);
  });
});
