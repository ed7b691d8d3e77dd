import { describe, expect, it } from "vitest";
import { srcSet, variantUrl, type ImageFormat } from "~/lib/images";
import { prewarmEnabled, variantsFor } from "./prewarm.server";

describe("the variants an image needs", () => {
  it("are every URL the pages' srcsets and fallback ask for, in every format", () => {
    const src = "/media/2026/11/front-desk-0123456789.jpg";
    const asked = new Set<string>();
    for (const format of ["avif", "webp", "jpeg"] as ImageFormat[]) {
      for (const entry of srcSet(src, format).split(", ")) asked.add(entry.split(" ")[0]);
    }
    asked.add(variantUrl(src, 1280, "jpeg"));
    const made = variantsFor(src).map((v) => variantUrl(v.src, v.width, v.format));
    expect(new Set(made)).toEqual(asked);
    expect(made).toHaveLength(asked.size);
  });

  it("start with the narrowest, so phones are served from files soonest", () => {
    const widths = variantsFor("/images/hero-welcome.jpg").map((v) => v.width);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });

  it("are none for an image that is not ours", () => {
    expect(variantsFor("https://example.com/a.jpg")).toEqual([]);
    expect(variantsFor("/images/../secret.jpg")).toEqual([]);
  });
});

describe("IMAGE_PREWARM", () => {
  it("off turns the background work off; anything else leaves it on", () => {
    expect(prewarmEnabled({ IMAGE_PREWARM: "off" })).toBe(false);
    expect(prewarmEnabled({})).toBe(true);
    expect(prewarmEnabled({ IMAGE_PREWARM: "on" })).toBe(true);
  });
});
