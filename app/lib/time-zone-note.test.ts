import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timeZoneName, timeZoneNote } from "./time-zone-note";

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

describe("a zone's everyday name", () => {
  it("reads the same, kept or not, in every season and across years", () => {
    const zones = [
      "America/Chicago",
      "Pacific/Auckland",
      "Europe/London",
      "Asia/Kolkata",
      "America/Phoenix",
      "Etc/UTC",
    ];
    const direct = (zone: string, at: Date) => {
      const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
        .formatToParts(at)
        .find((part) => part.type === "timeZoneName")?.value;
      return name && !name.startsWith("GMT") ? name.replace(/ Time$/, " time") : zone;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date("2024-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        (zone, at) => {
          expect(timeZoneName(zone, at)).toBe(direct(zone, at));
        },
      ),
      { numRuns: 100 },
    );
    expect(timeZoneName("America/Chicago", new Date("2026-07-01T12:00:00Z"))).toBe("Central time");
  });
});
