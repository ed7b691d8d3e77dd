import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { contentTypeFor, PAGE_IDS } from "~/lib/content-rules";
import { SITE_PHOTOS } from "./site-photos";

const IMAGES = path.resolve("public/images");

describe("the site's own photographs listed in the media library", () => {
  it("are every photograph of public/images, with their true size and an alt text", async () => {
    const files = fs.readdirSync(IMAGES).filter((f) => /\.jpe?g$/i.test(f));
    expect(SITE_PHOTOS.map((p) => p.file).sort()).toEqual(files.sort());
    for (const photo of SITE_PHOTOS) {
      const file = path.join(IMAGES, photo.file);
      const meta = await sharp(file).metadata();
      expect({ width: meta.width, height: meta.height, size: fs.statSync(file).size }, photo.file).toEqual({
        width: photo.width,
        height: photo.height,
        size: photo.sizeBytes,
      });
      expect(photo.alt.length, photo.file).toBeGreaterThan(10);
      expect(photo.alt.length, photo.file).toBeLessThanOrEqual(250);
    }
  });

  it("include every image the default content and the default slides show", () => {
    const listed = new Set(SITE_PHOTOS.map((p) => `/images/${p.file}`));
    const used = DEFAULT_HERO_SLIDES.map((s) => s.image_url);
    for (const page of PAGE_IDS) {
      for (const [key, value] of Object.entries(defaultsFor(page) as Record<string, string>)) {
        if (contentTypeFor(page, key) === "image" && value) used.push(value);
      }
    }
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((url) => !listed.has(url))).toEqual([]);
  });
});
