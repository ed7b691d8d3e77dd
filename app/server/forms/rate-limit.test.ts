import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows the limit within a window, refuses the next, and opens again in the next window", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) expect(limiter.hit("1.2.3.4").allowed).toBe(true);
    const refused = limiter.hit("1.2.3.4");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    expect(limiter.hit("5.6.7.8").allowed).toBe(true);
    now += 60_000;
    expect(limiter.hit("1.2.3.4").allowed).toBe(true);
  });
});
