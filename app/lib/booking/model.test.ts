import { describe, expect, it } from "vitest";
import { BOOKING_SERVICES } from "~/content/bookings";
import {
  BOOKING_STATUSES,
  closedDayRefusal,
  hasEnded,
  holdsTime,
  awaitsAnswer,
  mayChange,
  serviceTitle,
  type BookingStatus,
} from "./model";

const nineToSix = [{ opens: 9 * 60, closes: 18 * 60 }];
const rules = {
  hours: [[], nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, nineToSix],
  closures: [{ from: "2026-12-24", to: "2026-12-26", label: "Holidays" }],
};

describe("the booking model's words", () => {
  it("sorts every status into holding its time or ended, and only holding ones wait for an answer", () => {
    const holding = BOOKING_STATUSES.filter(holdsTime);
    expect(holding).toEqual(["requested", "proposed", "confirmed", "offered"]);
    expect(BOOKING_STATUSES.filter(hasEnded)).toEqual(["declined", "cancelled", "expired"]);
    expect(BOOKING_STATUSES.filter(awaitsAnswer)).toEqual(["requested", "proposed"]);
  });

  it("lets an ended booking change no more, and a confirmed one not lapse", () => {
    for (const to of BOOKING_STATUSES) {
      for (const ended of ["declined", "cancelled", "expired"] as BookingStatus[])
        expect(mayChange(ended, to)).toBe(false);
    }
    expect(mayChange("requested", "confirmed")).toBe(true);
    expect(mayChange("proposed", "expired")).toBe(true);
    expect(mayChange("confirmed", "expired")).toBe(false);
    expect(mayChange("confirmed", "proposed")).toBe(false);
    // A time offered from the waiting list is taken, declined or lapses; it is never proposed or moved.
    for (const to of ["requested", "confirmed", "cancelled", "expired"] as BookingStatus[])
      expect(mayChange("offered", to)).toBe(true);
    expect(mayChange("offered", "proposed")).toBe(false);
    expect(mayChange("offered", "offered")).toBe(false);
    expect(mayChange("confirmed", "offered")).toBe(false);
  });

  it("titles a service by the salon's name for it, and an unknown id as itself", () => {
    const [first] = BOOKING_SERVICES;
    expect(serviceTitle(first.id)).toBe(first.title);
    expect(serviceTitle("gone")).toBe("gone");
  });

  it("refuses a closed day with the closure's label, a weekly closed day plainly, and an open day not", () => {
    expect(closedDayRefusal(rules, "2026-12-25")).toBe("We are closed that day (Holidays).");
    expect(closedDayRefusal(rules, "2026-12-06")).toBe("We are closed that day.");
    expect(closedDayRefusal(rules, "2026-12-07")).toBeNull();
  });
});
