import { describe, expect, it } from "vitest";
import { bookingLimitMessage } from "./booking-limit.server";

describe("the booking limit's message", () => {
  it("says how long to wait in whole hours, never more than the day it speaks of", () => {
    const phone = "(713) 555-0142";
    expect(bookingLimitMessage(1_800, phone)).toBe(
      "Too many bookings from your connection today. To book more, call us at (713) 555-0142 or try again in an hour.",
    );
    expect(bookingLimitMessage(5 * 3_600, phone)).toMatch(/try again in 5 hours\.$/);
    // A part of an hour counts as a whole one, and no wait at all still reads as an hour.
    expect(bookingLimitMessage(5.5 * 3_600, phone)).toMatch(/try again in 6 hours\.$/);
    expect(bookingLimitMessage(0, phone)).toMatch(/try again in an hour\.$/);
    // The sliding day's Retry-After can be up to a tenth of a day more than a day.
    expect(bookingLimitMessage(26.4 * 3_600, phone)).toMatch(/try again in 24 hours\.$/);
    expect(bookingLimitMessage(3_600, "")).toMatch(/To book more, call us or try again in an hour\.$/);
  });
});
