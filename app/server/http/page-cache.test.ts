import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseEncoding, PageCache, publicCacheControl } from "./page-cache.server";

const page = (bytes: number) => ({
  identity: Buffer.alloc(bytes, "a"),
  br: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  etag: `"${bytes}"`,
  headers: [] as [string, string][],
  theme: "light" as const,
  live: false,
});

describe("PageCache", () => {
  it("counts a page's compressed forms in its byte size", () => {
    const cache = new PageCache(60_000, 100, 1_000_000);
    cache.set("/a|light", { ...page(100), br: Buffer.alloc(20), gzip: Buffer.alloc(30) });
    expect(cache.get("/a|light")?.br.length).toBe(20);
    expect(cache.byteSize).toBe(150);
    cache.set("/a|light", page(200));
    expect(cache.byteSize).toBe(200);
  });

  it("chooses brotli, else gzip, else the plain bytes, as the client accepts them", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });

  it("keeps its pages under the byte bound, dropping the oldest first", () => {
    const cache = new PageCache(60_000, 100, 1_000);
    cache.set("/a|light", page(400));
    cache.set("/b|light", page(400));
    cache.set("/c|light", page(400));
    expect(cache.get("/a|light")).toBeUndefined();
    expect(cache.get("/b|light")).toBeDefined();
    expect(cache.get("/c|light")).toBeDefined();
    expect(cache.byteSize).toBe(800);
    // A page larger than the whole bound is not kept at all.
    cache.set("/huge|light", page(2_000));
    expect(cache.get("/huge|light")).toBeUndefined();
    expect(cache.byteSize).toBe(800);
  });

  it("keeps at most its number of entries; replacing a page does not count it twice", () => {
    const cache = new PageCache(60_000, 2, 1_000_000);
    cache.set("/a|light", page(10));
    cache.set("/a|light", page(20));
    expect(cache.byteSize).toBe(20);
    cache.set("/b|light", page(10));
    cache.set("/c|light", page(10));
    expect(cache.size).toBe(2);
    expect(cache.get("/a|light")).toBeUndefined();
    cache.clear();
    expect(cache.byteSize).toBe(0);
  });

  it("drops only the live pages when a booking changed, and every page when an editor did; a render begun before either is not kept", () => {
    const cache = new PageCache(60_000, 10, 1_000_000, 10_000, 3);
    cache.set("/|light", page(10));
    cache.set("/book/hair?date=2026-12-01|light", { ...page(10), live: true });
    const [site, live] = [cache.generationFor(false), cache.generationFor(true)];
    cache.clearLive();
    expect(cache.get("/|light")).toBeDefined();
    expect(cache.get("/book/hair?date=2026-12-01|light")).toBeUndefined();
    expect(cache.byteSize).toBe(10);
    // A live page rendered before the booking would show its time as free: not kept. Home would not.
    expect(cache.generationFor(true)).not.toBe(live);
    expect(cache.generationFor(false)).toBe(site);
    // The live count came down with them: three new live pages fit beside home.
    for (let i = 0; i < 3; i++) cache.set(`/book/nails?date=${i}|light`, { ...page(10), live: true });
    expect(cache.size).toBe(4);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.generationFor(false)).not.toBe(site);
  });

  it("keeps at most its number of live pages, so a flood of made-up queries never pushes the other pages out", () => {
    const cache = new PageCache(60_000, 10, 1_000_000, 10_000, 3);
    cache.set("/|light", page(10));
    cache.set("/about|light", page(10));
    for (let i = 0; i < 50; i++) cache.set(`/book/hair?date=junk${i}|light`, { ...page(10), live: true });
    expect(cache.get("/|light")).toBeDefined();
    expect(cache.get("/about|light")).toBeDefined();
    expect(cache.size).toBe(5);
    // The newest three live pages stay, the older ones went first.
    expect(cache.get("/book/hair?date=junk49|light")).toBeDefined();
    expect(cache.get("/book/hair?date=junk47|light")).toBeDefined();
    expect(cache.get("/book/hair?date=junk46|light")).toBeUndefined();
    // Replacing a live page, or emptying the cache, keeps the count true.
    cache.set("/book/hair?date=junk49|light", { ...page(20), live: true });
    cache.set("/book/hair?date=new|light", { ...page(10), live: true });
    expect(cache.size).toBe(5);
    expect(cache.get("/book/hair?date=junk49|light")).toBeDefined();
    cache.clear();
    for (let i = 0; i < 3; i++) cache.set(`/book/hair?date=${i}|light`, { ...page(10), live: true });
    expect(cache.size).toBe(3);
  });

  describe("past a page's minute", () => {
    afterEach(() => vi.useRealTimers());
    const expired = () => {
      vi.useFakeTimers({ now: new Date("2026-11-28T10:00:00Z") });
      const cache = new PageCache(60_000, 100, 1_000_000, 10_000);
      cache.set("/|system", page(10));
      vi.setSystemTime(new Date("2026-11-28T10:01:00.001Z"));
      return cache;
    };

    it("the first request renders it again; the others meanwhile get the expired page, not a render each", () => {
      const cache = expired();
      expect(cache.get("/|system")).toBeUndefined();
      // The request rendering it never gets the old page.
      expect(cache.getFresh("/|system")).toBeUndefined();
      expect(cache.get("/|system")?.identity.length).toBe(10);
      expect(cache.get("/|system")?.identity.length).toBe(10);
      cache.set("/|system", page(20));
      expect(cache.getFresh("/|system")?.identity.length).toBe(20);
    });

    it("a save still empties it at once, and a render that never lands stops the old page after the grace", () => {
      const cache = expired();
      expect(cache.get("/|system")).toBeUndefined();
      cache.clear();
      expect(cache.get("/|system")).toBeUndefined();
      expect(cache.get("/|system")).toBeUndefined();

      const other = expired();
      expect(other.get("/|system")).toBeUndefined();
      vi.setSystemTime(new Date("2026-11-28T10:01:10.002Z"));
      expect(other.get("/|system")).toBeUndefined();
      expect(other.size).toBe(0);
      expect(other.byteSize).toBe(0);
    });
  });

  it("chooses the same encoding for a header however often it is asked, past the memory of values too", () => {
    for (let i = 0; i < 200; i++) {
      expect(chooseEncoding(`gzip, x-${i}`)).toBe("gzip");
      expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(chooseEncoding(`identity;q=1, y-${i}`)).toBe("identity");
    }
  });

  it("offers a shared cache s-maxage only when CDN_MAX_AGE is set, only the page without a theme cookie, never live times", () => {
    expect(publicCacheControl({ https: true }, "system")).toBe("public, no-cache");
    expect(publicCacheControl({ https: true, cdnMaxAge: 60 }, "system")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=60",
    );
    expect(publicCacheControl({ https: true, cdnMaxAge: 60 }, "dark")).toBe("public, no-cache");
    expect(publicCacheControl({ https: true, cdnMaxAge: 60 }, "system", true)).toBe("public, no-cache");
  });
});
