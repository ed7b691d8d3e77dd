import { describe, expect, it } from "vitest";
import { timeZoneNote } from "./time-zone-note";

const WINTER = new Date("2026-12-01T15:00:00Z");

describe("the time zone note beside a client's times", () => {
  it("names the salon's zone, and nothing more when the visitor's device shows the same clock", () => {
    expect(timeZoneNote("America/Chicago", undefined, WINTER)).toBe(
      "Times are in Central time, the salon's time zone.",
    );
    for (const visitor of ["America/Chicago", "US/Central", "America/Winnipeg"])
      expect(timeZoneNote("America/Chicago", visitor, WINTER)).toBe(
        "Times are in Central time, the salon's time zone.",
      );
  });

  it("says which zone the visitor's device is in when its clock differs", () => {
    expect(timeZoneNote("America/Chicago", "Pacific/Auckland", WINTER)).toBe(
      "Times are in Central time, the salon's time zone. Your device is set to New Zealand time.",
    );
    expect(timeZoneNote("America/Chicago", "America/New_York", WINTER)).toBe(
      "Times are in Central time, the salon's time zone. Your device is set to Eastern time.",
    );
  });
});
