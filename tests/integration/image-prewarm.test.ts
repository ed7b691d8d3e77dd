import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addImage, deleteImage, mediaRoots } from "~/server/media/library.server";
import { libraryImagePaths, prewarmerFor, VariantPrewarmer, variantsFor } from "~/server/media/prewarm.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

// Just wider than the narrowest variant: every wider one is this size (never enlarged), so the
// 27 encodes stay cheap.
const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#c9a27e" } })
    .jpeg()
    .toBuffer();

describe(`image variants made in the background (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const roots = () => mediaRoots(testDb().dataDir);
  const fileOf = (v: { width: number; format: string; src: string }) =>
    path.join(roots().cacheDir, String(v.width), v.format, v.src);
  const made = (src: string) => variantsFor(src).filter((v) => fs.existsSync(fileOf(v)));

  it("after an upload, every variant the pages ask for is on disk without a request for it", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(db, roots(), { bytes: await jpeg(), name: "Front Desk.jpg" }, null, { prewarm: true });
    await prewarmerFor(roots()).idle();
    expect(made(image.url)).toEqual(variantsFor(image.url));
    expect((await sharp(fileOf({ width: 320, format: "avif", src: image.url })).metadata()).width).toBe(320);
  });

  it("with the background work off, an upload makes only its first two variants", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(db, roots(), { bytes: await jpeg(), name: "Quiet.jpg" }, null, { prewarm: false });
    await prewarmerFor(roots()).idle();
    expect(made(image.url).map((v) => `${v.width}/${v.format}`)).toEqual(["640/avif", "640/webp"]);
  });

  it("a restart makes what is missing from the cache and leaves the rest as it is", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(db, roots(), { bytes: await jpeg(), name: "Kept.jpg" }, null, { prewarm: true });
    await prewarmerFor(roots()).idle();
    const [lost, kept] = [variantsFor(image.url)[0], variantsFor(image.url)[5]];
    fs.rmSync(fileOf(lost));
    const keptBefore = fs.statSync(fileOf(kept)).mtimeMs;

    const afterRestart = new VariantPrewarmer(roots());
    afterRestart.add(...(await libraryImagePaths(db)));
    await afterRestart.idle();
    expect(made(image.url)).toEqual(variantsFor(image.url));
    expect(fs.statSync(fileOf(kept)).mtimeMs).toBe(keptBefore);
  });

  it("deleting an image drops all its variants", async () => {
    const { db } = testDb();
    await clearTables(db, ["site_images"]);
    const image = await addImage(db, roots(), { bytes: await jpeg(), name: "Gone.jpg" }, null, { prewarm: true });
    await prewarmerFor(roots()).idle();
    expect(made(image.url)).toHaveLength(variantsFor(image.url).length);
    expect((await deleteImage(db, roots(), image.id)).status).toBe("deleted");
    expect(made(image.url)).toEqual([]);
  });
});
