import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.server";

const page = (bytes: number) => ({ parts: [Buffer.alloc(bytes, "a")], headers: [] as [string, string][] });

describe("PageCache", () => {
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
});
