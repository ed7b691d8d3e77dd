import { describe, expect, it } from "vitest";
import { wallClockInstant } from "./availability";
import {
  checkWishedDates,
  dayPartOf,
  firstFittingTime,
  fitsWish,
  waitlistRequestSchema,
  wishedDays,
  type WaitlistWish,
} from "./waitlist";

const CHICAGO = "America/Chicago";
const at = (date: string, hhmm: string) =>
  wallClockInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), CHICAGO)!;
const wish = (overrides: Partial<WaitlistWish> = {}): WaitlistWish => ({
  fromDate: "2026-12-01",
  toDate: "2026-12-03",
  dayParts: ["morning"],
  ...overrides,
});

describe("the waiting list's matching of wishes to freed times", () => {
  it("a time is in the morning before noon, in the afternoon from noon to 5 PM, in the evening from 5 PM", () => {
    expect([0, 9 * 60, 11 * 60 + 59].map(dayPartOf)).toEqual(["morning", "morning", "morning"]);
    expect([12 * 60, 16 * 60 + 59].map(dayPartOf)).toEqual(["afternoon", "afternoon"]);
    expect([17 * 60, 20 * 60].map(dayPartOf)).toEqual(["evening", "evening"]);
  });

  it("a freed time fits when its local day is within the wished days (both ends) and its part of the day is wished", () => {
    expect(fitsWish(wish(), at("2026-12-01", "09:00"), CHICAGO)).toBe(true);
    expect(fitsWish(wish(), at("2026-12-03", "11:30"), CHICAGO)).toBe(true);
    expect(fitsWish(wish(), at("2026-11-30", "09:00"), CHICAGO)).toBe(false);
    expect(fitsWish(wish(), at("2026-12-04", "09:00"), CHICAGO)).toBe(false);
    expect(fitsWish(wish(), at("2026-12-02", "12:00"), CHICAGO)).toBe(false);
    expect(fitsWish(wish({ dayParts: ["afternoon", "evening"] }), at("2026-12-02", "12:00"), CHICAGO)).toBe(true);
    expect(fitsWish(wish({ dayParts: ["evening"] }), at("2026-12-02", "17:00"), CHICAGO)).toBe(true);
  });

  it("judges the day and the hour on the salon's clock, not UTC's (7 PM in Chicago is the next day in UTC)", () => {
    const evening = at("2026-12-03", "19:00");
    expect(new Date(evening).toISOString().slice(0, 10)).toBe("2026-12-04");
    expect(fitsWish(wish({ dayParts: ["evening"] }), evening, CHICAGO)).toBe(true);
    expect(fitsWish(wish({ dayParts: ["evening"] }), evening, "UTC")).toBe(false);
  });

  it("offers the earliest fitting free time that was not offered to the entry before", () => {
    const free = [at("2026-12-01", "13:00"), at("2026-12-02", "09:00"), at("2026-12-02", "10:00")];
    expect(firstFittingTime(wish(), free, CHICAGO, new Set())).toBe(free[1]);
    expect(firstFittingTime(wish(), free, CHICAGO, new Set([free[1]]))).toBe(free[2]);
    expect(firstFittingTime(wish(), free, CHICAGO, new Set([free[1], free[2]]))).toBeUndefined();
    expect(firstFittingTime(wish({ dayParts: ["evening"] }), free, CHICAGO, new Set())).toBeUndefined();
  });

  it("looks only at the wished days that can still be booked: from today to the end of the booking window", () => {
    expect(wishedDays(wish(), "2026-11-30", "2027-01-29")).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
    expect(wishedDays(wish(), "2026-12-02", "2027-01-29")).toEqual(["2026-12-02", "2026-12-03"]);
    expect(wishedDays(wish(), "2026-11-30", "2026-12-01")).toEqual(["2026-12-01"]);
    expect(wishedDays(wish(), "2026-12-04", "2027-01-29")).toEqual([]);
  });
});

describe("the waiting list form", () => {
  const valid = {
    service: "hair",
    option: "Women's Haircut",
    firstName: "Ada",
    lastName: "Client",
    email: "ada@example.com",
    phone: "(713) 555-0100",
    fromDate: "2026-12-01",
    toDate: "2026-12-03",
    dayParts: ["morning", "evening"],
  };

  it("takes the days and the parts of the day that suit, one checkbox or several", () => {
    expect(waitlistRequestSchema.parse(valid)).toMatchObject({ dayParts: ["morning", "evening"] });
    expect(waitlistRequestSchema.parse({ ...valid, dayParts: "afternoon" })).toMatchObject({
      dayParts: ["afternoon"],
    });
  });

  it("refuses no part of the day, a made-up part, a date that is not one and a last day before the first", () => {
    const errors = (input: object) => {
      const result = waitlistRequestSchema.safeParse(input);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ ...valid, dayParts: undefined })).toEqual({ dayParts: "Choose at least one part of the day" });
    expect(Object.keys(errors({ ...valid, dayParts: ["night"] }))[0]).toMatch(/^dayParts/);
    expect(errors({ ...valid, fromDate: "2026-02-30" })).toEqual({ fromDate: "Choose the first day" });
    expect(errors({ ...valid, fromDate: "2026-12-04" })).toEqual({
      toDate: "The last day cannot be before the first day",
    });
    expect(errors({ ...valid, email: "nope" })).toEqual({ email: "Enter a valid email address" });
  });

  it("the wished days must reach today and lie within the booking window", () => {
    expect(checkWishedDates(wish(), "2026-11-30", "2027-01-29")).toBeNull();
    expect(checkWishedDates(wish(), "2026-12-04", "2027-01-29")).toEqual({
      toDate: ["The last day cannot be in the past"],
    });
    expect(checkWishedDates(wish(), "2026-11-01", "2026-11-30")).toEqual({
      fromDate: ["We take bookings up to 2026-11-30; choose an earlier first day"],
    });
    expect(checkWishedDates(wish(), "2026-11-01", "2026-12-02")).toEqual({
      toDate: ["We take bookings up to 2026-12-02; choose an earlier last day"],
    });
  });
});
