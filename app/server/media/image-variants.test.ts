import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { parseVariantPath, variantFile } from "./image-variants.server";

describe("parseVariantPath", () => {
  it("accepts listed widths and formats for our own images", () => {
    expect(parseVariantPath("/_img/640/avif/images/hero.jpg")).toEqual({
      width: 640,
      format: "avif",
      src: "/images/hero.jpg",
    });
    expect(parseVariantPath("/_img/1280/webp/media/ab12.png")).toMatchObject({ src: "/media/ab12.png" });
  });
  it.each([
    "/_img/641/avif/images/hero.jpg",
    "/_img/640/gif/images/hero.jpg",
    "/_img/640/avif/etc/passwd",
    "/_img/640/avif/images/../../secret.jpg",
    "/_img/640/avif/images/%2e%2e/x.jpg",
    "/_img/640/avif/images/hero.svg",
  ])("refuses %s", (p) => {
    expect(parseVariantPath(p)).toBeNull();
  });
});

describe("variantFile", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "img-test-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const roots = {
    publicDir: path.join(root, "public"),
    uploadsDir: path.join(root, "uploads"),
    cacheDir: path.join(root, "cache"),
  };

  it("makes a smaller AVIF once, never wider than the master, and finds it again", async () => {
    fs.mkdirSync(path.join(roots.publicDir, "images"), { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c08a7a" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret" } })
      .toFile(path.join(roots.publicDir, "images", "test.jpg"));
    const file = await variantFile(roots, { width: 640, format: "avif", src: "/images/test.jpg" });
    const meta = await sharp(file!).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.width).toBe(640);
    expect(meta.exif).toBeUndefined();
    const big = await variantFile(roots, { width: 1920, format: "webp", src: "/images/test.jpg" });
    expect((await sharp(big!).metadata()).width).toBe(800);
    const again = await variantFile(roots, { width: 640, format: "avif", src: "/images/test.jpg" });
    expect(again).toBe(file);
  });

  it("answers null for a missing master", async () => {
    expect(await variantFile(roots, { width: 640, format: "webp", src: "/media/nope.jpg" })).toBeNull();
  });
});
