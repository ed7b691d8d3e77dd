import { describe, expect, it } from "vitest";
import { timeAgo, timeUntil } from "./time-ago";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const MIN = 60_000;

describe("how long ago and how long until, as a request card says it", () => {
  it("counts whole minutes, hours and days, never ahead of time", () => {
    expect(timeAgo(NOW - 59_999, NOW)).toBe("just now");
    expect(timeAgo(NOW + 5 * MIN, NOW)).toBe("just now");
    expect(timeAgo(NOW - MIN, NOW)).toBe("1 min ago");
    expect(timeAgo(NOW - 59 * MIN, NOW)).toBe("59 min ago");
    expect(timeAgo(NOW - 60 * MIN, NOW)).toBe("1 h ago");
    expect(timeAgo(NOW - 150 * MIN, NOW)).toBe("2 h ago");
    expect(timeAgo(NOW - 24 * 60 * MIN + 1, NOW)).toBe("23 h ago");
    expect(timeAgo(NOW - 3 * 24 * 60 * MIN, NOW)).toBe("3 d ago");
  });

  it("says how long is left, and 'now' once the time has come", () => {
    expect(timeUntil(NOW - MIN, NOW)).toBe("now");
    expect(timeUntil(NOW + 59_999, NOW)).toBe("now");
    expect(timeUntil(NOW + 5 * MIN, NOW)).toBe("in 5 min");
    expect(timeUntil(NOW + 60 * MIN, NOW)).toBe("in 1 h");
    expect(timeUntil(NOW + 47 * 60 * MIN, NOW)).toBe("in 1 d");
  });
});
