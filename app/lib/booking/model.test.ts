import { describe, expect, it } from "vitest";
import { BOOKING_SERVICES } from "~/content/bookings";
import {
  BOOKING_STATUSES,
  bookingOutcome,
  closedDayRefusal,
  endOfLocalDay,
  isLateCancellation,
  lapsesAt,
  mayMarkNoShow,
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

describe("a booking's outcome", () => {
  const ZONE = "America/Chicago";
  // Tuesday 2026-12-01, 9:00 to 11:00 in Chicago; the day ends at 06:00 UTC on the 2nd.
  const visit = {
    status: "confirmed" as BookingStatus,
    outcome: "",
    startsAt: "2026-12-01T15:00:00Z",
    endsAt: "2026-12-01T17:00:00Z",
  };
  const dayEnds = Date.parse("2026-12-02T06:00:00Z");

  it("a confirmed appointment is completed at the end of its day in the salon's zone, not before", () => {
    expect(endOfLocalDay(Date.parse(visit.endsAt), ZONE)).toBe(dayEnds);
    expect(bookingOutcome(visit, ZONE, dayEnds - 1)).toBeNull();
    expect(bookingOutcome(visit, ZONE, dayEnds)).toBe("completed");
    expect(bookingOutcome({ ...visit, status: "requested" }, ZONE, dayEnds)).toBeNull();
    expect(bookingOutcome({ ...visit, status: "cancelled" }, ZONE, dayEnds)).toBeNull();
  });

  it("a no-show or a late cancellation staff recorded is its outcome, on its own status only", () => {
    expect(bookingOutcome({ ...visit, outcome: "no_show" }, ZONE, dayEnds + 1)).toBe("no_show");
    expect(bookingOutcome({ ...visit, outcome: "no_show" }, ZONE, dayEnds - 1)).toBe("no_show");
    expect(bookingOutcome({ ...visit, status: "cancelled", outcome: "late_cancellation" }, ZONE, 0)).toBe(
      "late_cancellation",
    );
    expect(bookingOutcome({ ...visit, status: "cancelled", outcome: "" }, ZONE, dayEnds)).toBeNull();
  });

  it("a no-show can be marked once a confirmed appointment has begun, not before, and not twice", () => {
    const starts = Date.parse(visit.startsAt);
    expect(mayMarkNoShow(visit, starts - 1)).toBe(false);
    expect(mayMarkNoShow(visit, starts)).toBe(true);
    expect(mayMarkNoShow({ ...visit, outcome: "no_show" }, starts)).toBe(false);
    expect(mayMarkNoShow({ ...visit, status: "requested" }, starts)).toBe(false);
  });

  it("a cancellation inside the cutoff before the start is late", () => {
    const starts = Date.parse(visit.startsAt);
    expect(isLateCancellation(visit.startsAt, 24, starts - 24 * 3_600_000)).toBe(false);
    expect(isLateCancellation(visit.startsAt, 24, starts - 24 * 3_600_000 + 1)).toBe(true);
    expect(isLateCancellation(visit.startsAt, 0, starts - 1)).toBe(false);
    expect(isLateCancellation(visit.startsAt, 0, starts + 1)).toBe(true);
  });

  it("a request lapses the expiry hours after it was made, or at its start when that comes first", () => {
    const made = "2026-11-30T12:00:00Z";
    expect(lapsesAt({ startsAt: visit.startsAt, updatedAt: made }, 48)).toBe(Date.parse(visit.startsAt));
    expect(lapsesAt({ startsAt: visit.startsAt, updatedAt: made }, 2)).toBe(Date.parse("2026-11-30T14:00:00Z"));
  });
});
