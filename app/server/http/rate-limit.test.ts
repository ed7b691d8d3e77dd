import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows the limit within a window, refuses the next until the first hit has left it; other addresses are unaffected", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) expect(limiter.hit("1.2.3.4").allowed).toBe(true);
    const refused = limiter.hit("1.2.3.4");
    expect(refused.allowed).toBe(false);
    // The window is counted in tenths: the first hits leave it within 66 s of being made.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(66);
    expect(limiter.hit("5.6.7.8").allowed).toBe(true);
    now += refused.retryAfterSeconds * 1000;
    expect(limiter.hit("1.2.3.4").allowed).toBe(true);
  });

  it("gives a burst across a window boundary no more than the limit", () => {
    let now = Date.parse("2026-11-30T12:00:00.000Z");
    const limiter = new RateLimiter(10, 60_000, () => now);
    let allowed = 0;
    const burst = (n: number) => {
      for (let i = 0; i < n; i++) if (limiter.hit("1.2.3.4").allowed) allowed += 1;
    };
    burst(1);
    now += 59_000; // the burst: 12:00:59 …
    burst(9);
    now += 2_000; // … and 12:01:01, past the minute that began with the first hit and on the clock
    burst(10);
    expect(allowed).toBe(10);
  });

  it("counts only the hits it allows: a refused retry does not push the next chance back", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.hit("a");
    limiter.hit("a");
    const first = limiter.hit("a");
    now += 30_000;
    for (let i = 0; i < 50; i++) limiter.hit("a");
    const later = limiter.hit("a");
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBe(first.retryAfterSeconds - 30);
  });

  it("property: in any window of its length, the hits it allows are at most the limit", () => {
    const windowMs = 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        // Gaps between hits, from none (a burst) to past the window.
        fc.array(fc.integer({ min: 0, max: 25_000 }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (limit, gaps, start) => {
          let now = start;
          const limiter = new RateLimiter(limit, windowMs, () => now);
          const allowedAt: number[] = [];
          for (const gap of gaps) {
            now += gap;
            if (limiter.hit("k").allowed) allowedAt.push(now);
          }
          // Every window [t, t + W) that starts at an allowed hit (the fullest ones do).
          for (let i = 0; i < allowedAt.length; i++) {
            let inWindow = 0;
            for (let j = i; j < allowedAt.length && allowedAt[j] < allowedAt[i] + windowMs; j++) inWindow += 1;
            if (inWindow > limit) return false;
          }
          return true;
        },
      ),
      { numRuns: 500 },
    );
  });

  it("property: a refused hit is told when it would be allowed, and is allowed then", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 60 }),
        (limit, gaps) => {
          let now = 5_000_000;
          const limiter = new RateLimiter(limit, 60_000, () => now);
          for (const gap of gaps) {
            now += gap;
            const verdict = limiter.hit("k");
            if (!verdict.allowed) {
              // Asked again at the time it was given, it gets through.
              now += verdict.retryAfterSeconds * 1000;
              if (!limiter.hit("k").allowed) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("RateLimiter.giveBack", () => {
  it("takes back the latest allowed hit, so a refused attempt costs nothing; never below nothing", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.giveBack("a"); // nothing counted yet: nothing to take back
    expect(limiter.hit("a").allowed).toBe(true);
    now = 10_000;
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
    limiter.giveBack("a");
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
    // Giving back more than was counted leaves the window empty, not in credit.
    for (let i = 0; i < 5; i++) limiter.giveBack("a");
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")].map((v) => v.allowed)).toEqual([true, true, false]);
  });
});
