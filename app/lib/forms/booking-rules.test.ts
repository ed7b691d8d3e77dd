import { describe, expect, it } from "vitest";
import { localDate } from "~/lib/dates";
import { isIsoDate, latestBookableDate } from "./booking-rules";

describe("the booking form's dates", () => {
  it.each(["2026-01-31", "2026-12-31", "2028-02-29", "2026-04-30"])("takes the real date %s", (date) => {
    expect(isIsoDate(date)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-05",
    "x2026-01-05",
    "2026-01-05x",
    "05/01/2026",
    // Digits or spaces around a real date: JavaScript's Number() would read " 2026" and "12026" as years.
    " 2026-01-05",
    "2026-01-05 ",
    "12026-01-05",
    // A year before 100, which JavaScript's Date would read as 19xx.
    "0099-12-31",
    "",
  ])("refuses %j", (date) => {
    expect(isIsoDate(date)).toBe(false);
  });

  it("today and the last bookable day (a year on) are the salon's, not the server's", () => {
    const lateEveningInHouston = new Date("2026-11-23T03:00:00Z");
    expect(localDate(lateEveningInHouston, "America/Chicago")).toBe("2026-11-22");
    expect(latestBookableDate("America/Chicago", lateEveningInHouston)).toBe("2027-11-22");
    expect(localDate(lateEveningInHouston, "Pacific/Auckland")).toBe("2026-11-23");
    expect(latestBookableDate("Pacific/Auckland", lateEveningInHouston)).toBe("2027-11-23");
  });
});
