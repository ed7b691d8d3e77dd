import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { openingHours } from "./model.server";

const week = (overrides: Partial<typeof contactDefaults>) => openingHours({ ...contactDefaults, ...overrides });

describe("the salon's opening hours for booking, read from the contact page", () => {
  it("gives each open weekday its range in minutes after midnight, Sunday first; closed days have none", () => {
    expect(week({})).toEqual([
      [],
      [],
      [{ opens: 540, closes: 1080 }],
      [{ opens: 540, closes: 1080 }],
      [{ opens: 540, closes: 1080 }],
      [{ opens: 540, closes: 1080 }],
      [],
    ]);
  });

  it("reads minutes and afternoon times: 9:30 AM - 12:45 PM, 1:15 PM - 8:05 PM", () => {
    const hours = week({ hours_tuesday: "9:30 AM - 12:45 PM", hours_saturday: "1:15 PM - 8:05 PM" });
    expect(hours[2]).toEqual([{ opens: 570, closes: 765 }]);
    expect(hours[6]).toEqual([{ opens: 795, closes: 1205 }]);
  });

  it("a day that closes at midnight (12:00 AM) is open until the end of the day", () => {
    expect(week({ hours_friday: "6:00 PM - 12:00 AM" })[5]).toEqual([{ opens: 1080, closes: 1440 }]);
  });

  it("a day whose text is not a time range, or whose range is empty or runs backwards, takes no bookings", () => {
    const hours = week({
      hours_tuesday: "By appointment",
      hours_wednesday: "9:00 AM - 9:00 AM",
      hours_thursday: "6:00 PM - 9:00 AM",
      hours_friday: "",
    });
    expect(hours.slice(2, 6)).toEqual([[], [], [], []]);
  });
});
