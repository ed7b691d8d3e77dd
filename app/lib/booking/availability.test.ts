import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import type { Busy } from "./busy";
import {
  addLocalDays,
  availableSlots,
  dayClock,
  isoInZone,
  localDate,
  parseLocalDate,
  wallClockInstant,
  weekdayOf,
  type BookingRules,
  type DayQuery,
} from "./availability";

const CHICAGO = "America/Chicago";
const nineToSix = [{ opens: 9 * 60, closes: 18 * 60 }];
const rules = (overrides: Partial<BookingRules> = {}): BookingRules => ({
  timeZone: CHICAGO,
  // Sunday closed, Monday–Saturday 9–6.
  hours: [[], nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, nineToSix],
  closures: [],
  leadMinutes: 120,
  windowDays: 60,
  stepMinutes: 30,
  bufferMinutes: 0,
  ...overrides,
});
// Monday 2026-11-30, 6:00 local.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const at = (iso: string) => Date.parse(iso);
const query = (overrides: Partial<DayQuery> = {}): DayQuery => ({
  rules: rules(),
  date: "2026-12-01",
  durationMinutes: 60,
  resources: [{ id: "chair" }],
  busy: [],
  now: NOW,
  ...overrides,
});
const starts = (q: DayQuery, zone = CHICAGO) => {
  const day = availableSlots(q);
  return day.slots.map((s) => format(new TZDate(s.start, zone), "HH:mm"));
};

describe("available start times", () => {
  it("offers every step from opening until the appointment would run past closing", () => {
    expect(starts(query())).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00",
      "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00",
    ]); // prettier-ignore
    expect(starts(query({ durationMinutes: 90, rules: rules({ stepMinutes: 60 }) })).at(-1)).toBe("16:00");
    // It may end at closing, not a minute after.
    expect(starts(query({ durationMinutes: 61 })).at(-1)).toBe("16:30");
  });

  it("says a closed weekday and a closure are closed, with the closure's label", () => {
    expect(availableSlots(query({ date: "2026-12-06" }))).toEqual({ closed: true, reason: "Closed", slots: [] });
    const holidays = rules({ closures: [{ from: "2026-12-24", to: "2026-12-26", label: "Holidays" }] });
    for (const date of ["2026-12-24", "2026-12-25", "2026-12-26"])
      expect(availableSlots(query({ rules: holidays, date }))).toMatchObject({ closed: true, reason: "Holidays" });
    expect(availableSlots(query({ rules: holidays, date: "2026-12-23" })).slots).not.toHaveLength(0);
    // A one-day closure without a label; the day after it opens again.
    const oneDay = rules({ closures: [{ from: "2026-12-01", to: "2026-12-01", label: "" }] });
    expect(availableSlots(query({ rules: oneDay }))).toEqual({ closed: true, reason: "Closed", slots: [] });
    expect(availableSlots(query({ rules: oneDay, date: "2026-12-02" })).slots).not.toHaveLength(0);
    // A weekday the hours leave out is closed.
    expect(availableSlots(query({ rules: rules({ hours: [[], nineToSix] }) }))).toMatchObject({ reason: "Closed" });
  });

  it("keeps the lead time: nothing sooner than two hours from now", () => {
    const now = at("2026-12-01T16:10:00Z"); // 10:10 in Chicago
    expect(starts(query({ now }))[0]).toBe("12:30");
    // A time exactly two hours away is offered.
    expect(starts(query({ now: at("2026-12-01T16:00:00Z") }))[0]).toBe("12:00");
  });

  it("offers nothing in the past or past the booking window", () => {
    expect(availableSlots(query({ date: "2026-11-29" })).slots).toEqual([]);
    expect(availableSlots(query({ date: addLocalDays("2026-11-30", 60) })).slots).not.toEqual([]);
    expect(availableSlots(query({ date: addLocalDays("2026-11-30", 61) }))).toEqual({ closed: false, slots: [] });
  });

  it("leaves out times that overlap an appointment, with the buffer after each one", () => {
    const busy: Busy[] = [
      { resourceId: "chair", start: at("2026-12-01T17:00:00Z"), end: at("2026-12-01T18:00:00Z"), appointment: true },
    ]; // 11:00–12:00 local
    expect(starts(query({ busy }))).toEqual(expect.arrayContaining(["10:00", "12:00"]));
    expect(starts(query({ busy }))).not.toContain("10:30");
    expect(starts(query({ busy }))).not.toContain("11:30");
    // A 15-minute buffer: the one before must end 15 minutes before, the next start 15 after.
    const buffered = starts(query({ busy, rules: rules({ bufferMinutes: 15, stepMinutes: 15 }) }));
    expect(buffered).toContain("09:45");
    expect(buffered).not.toContain("10:00");
    expect(buffered).not.toContain("12:00");
    expect(buffered).toContain("12:15");
    // Every five minutes: the buffer is the whole 15 minutes on both sides.
    const fine = starts(query({ busy, rules: rules({ bufferMinutes: 15, stepMinutes: 5 }) }));
    expect(fine.filter((t) => t >= "09:40" && t <= "12:15")).toEqual(["09:40", "09:45", "12:15"]);
  });

  it("time off has no buffer after it", () => {
    const busy: Busy[] = [
      { resourceId: "chair", start: at("2026-12-01T15:00:00Z"), end: at("2026-12-01T17:00:00Z"), appointment: false },
    ];
    expect(starts(query({ busy, rules: rules({ bufferMinutes: 30 }) }))[0]).toBe("11:00");
  });

  it("lists who is free at each time, within their own working hours", () => {
    const ana = { id: "ana", hours: rules().hours.map(() => [{ opens: 12 * 60, closes: 20 * 60 }]) };
    const day = availableSlots(query({ resources: [{ id: "bea" }, ana] }));
    const byTime = new Map(day.slots.map((s) => [format(new TZDate(s.start, CHICAGO), "HH:mm"), s.resources]));
    expect(byTime.get("09:00")).toEqual(["bea"]);
    expect(byTime.get("12:00")).toEqual(["bea", "ana"]);
    // Ana works until 8 but the salon closes at 6.
    expect(byTime.has("17:30")).toBe(false);
    const busy: Busy[] = [
      { resourceId: "bea", start: at("2026-12-01T18:00:00Z"), end: at("2026-12-01T19:00:00Z"), appointment: true },
    ];
    const later = availableSlots(query({ resources: [{ id: "bea" }, ana], busy }));
    expect(later.slots.find((s) => s.start === at("2026-12-01T18:00:00Z"))?.resources).toEqual(["ana"]);
    // Listed in the order given, the times in order whoever comes first; nobody on a day their hours leave out.
    const anaFirst = availableSlots(query({ resources: [ana, { id: "bea" }, { id: "cy", hours: [] }] }));
    expect(anaFirst.slots.map((s) => s.start)).toEqual(day.slots.map((s) => s.start));
    expect(anaFirst.slots.find((s) => s.start === at("2026-12-01T18:00:00Z"))?.resources).toEqual(["ana", "bea"]);
    expect(anaFirst.slots.flatMap((s) => s.resources)).not.toContain("cy");
  });

  it("offers each time once, with each person once, when opening intervals overlap", () => {
    const twice = rules({
      hours: rules().hours.map(() => [
        { opens: 540, closes: 780 },
        { opens: 660, closes: 900 },
      ]),
    });
    const day = availableSlots(query({ rules: twice, resources: [{ id: "bea" }] }));
    expect(day.slots.map((s) => format(new TZDate(s.start, CHICAGO), "HH:mm"))).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00",
    ]); // prettier-ignore
    expect(day.slots.every((s) => s.resources.length === 1)).toBe(true);
  });

  it("rejects a date that does not exist", () => {
    for (const date of ["2026-02-30", "tomorrow"])
      expect(availableSlots(query({ date }))).toEqual({ closed: true, reason: "Not a date.", slots: [] });
  });

  it("writes instants with the salon's offset", () => {
    expect(isoInZone(at("2026-12-01T15:00:00Z"), CHICAGO)).toBe("2026-12-01T09:00:00-06:00");
    expect(isoInZone(at("2026-07-01T14:00:00Z"), CHICAGO)).toBe("2026-07-01T09:00:00-05:00");
  });
});

describe("dates and today", () => {
  it("reads only real calendar dates", () => {
    expect(parseLocalDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    // A 13th month, a 30th of February, a year before 100 (which Date would read as 19xx), a short form.
    for (const date of ["2026-13-01", "2026-00-10", "2026-02-30", "2027-02-29", "0050-01-01", "2026-1-01"])
      expect(parseLocalDate(date), date).toBeNull();
    expect(() => addLocalDays("soon", 1)).toThrow(new RangeError("Not a date: soon"));
    expect(() => weekdayOf("2026-02-30")).toThrow(new RangeError("Not a date: 2026-02-30"));
    expect(wallClockInstant("2026-02-30", 540, CHICAGO)).toBeNull();
    // Samoa skipped 30 December 2011: nothing happens on it.
    expect(wallClockInstant("2011-12-30", 540, "Pacific/Apia")).toBeNull();
  });

  it("today is the salon's date at `now`, whatever was asked before: forward, back, at midnight, in another zone", () => {
    const allDay = Array.from({ length: 7 }, () => [{ opens: 0, closes: 24 * 60 }]);
    const offered = (timeZone: string, now: number, date: string) =>
      availableSlots(query({ rules: rules({ timeZone, hours: allDay, leadMinutes: 0, windowDays: 0 }), date, now }))
        .slots.length;
    const asked: [string, string][] = [
      [CHICAGO, "2026-12-01T16:00:00Z"], // 10:00
      [CHICAGO, "2026-12-02T06:00:00Z"], // midnight exactly
      [CHICAGO, "2026-12-01T16:00:00Z"], // back to 10:00 the day before
      [CHICAGO, "2026-12-02T03:00:00Z"], // 21:00 in Chicago, 03:00 the next day in London
      ["Europe/London", "2026-12-02T03:00:00Z"],
      // Havana's clock skips midnight on 2027-03-14: 10:00 that day, then 22:00 the evening before.
      ["America/Havana", "2027-03-14T14:00:00Z"],
      ["America/Havana", "2027-03-14T03:00:00Z"],
    ];
    for (const [zone, iso] of asked) {
      const now = at(iso);
      const today = localDate(now, zone);
      expect(offered(zone, now, today), `${zone} ${iso}`).toBeGreaterThan(0);
      expect(offered(zone, now, addLocalDays(today, 1)), `${zone} ${iso}`).toBe(0);
    }
  });
});

describe("daylight saving", () => {
  const transitionCache = new Map<string, string[]>();
  /** Local dates in the next five years on which the zone's offset changes. */
  function transitionDates(timeZone: string): string[] {
    const known = transitionCache.get(timeZone);
    if (known) return known;
    const dates: string[] = [];
    transitionCache.set(timeZone, dates);
    let date = "2026-11-24";
    for (let i = 0; i < 5 * 366; i++) {
      const startOfDay = wallClockInstant(date, 0, timeZone)!;
      const nextDay = wallClockInstant(addLocalDays(date, 1), 0, timeZone)!;
      if (nextDay - startOfDay !== 24 * 3_600_000) dates.push(date);
      date = addLocalDays(date, 1);
    }
    return dates;
  }

  const ZONES = [
    { zone: "America/Chicago", transitions: 10 },
    { zone: "Europe/London", transitions: 10 },
    // A half-hour daylight saving shift.
    { zone: "Australia/Lord_Howe", transitions: 10 },
    // A half-hour standard offset with daylight saving.
    { zone: "Australia/Adelaide", transitions: 10 },
    // Half-hour and quarter-hour offsets without it.
    { zone: "Asia/Kolkata", transitions: 0 },
    { zone: "Asia/Kathmandu", transitions: 0 },
  ];

  for (const { zone, transitions } of ZONES) {
    it(`${zone}: every offered time is on the opening-hours grid in wall-clock time, none twice, none skipped`, () => {
      const dates = transitionDates(zone);
      expect(dates).toHaveLength(transitions);
      // Plain days too, and hours around the small hours when clocks change.
      const days = [...dates, "2026-12-01", "2027-07-01"];
      const allDay = [{ opens: 0, closes: 24 * 60 }];
      const hours = [allDay, allDay, allDay, allDay, allDay, allDay, allDay];
      for (const date of days) {
        for (const step of [15, 30]) {
          const r = rules({ timeZone: zone, hours, stepMinutes: step, leadMinutes: 0, windowDays: 6 * 366 });
          const day = availableSlots({
            rules: r,
            date,
            durationMinutes: 30,
            resources: [{ id: "chair" }],
            busy: [],
            now: at("2026-11-01T00:00:00Z"),
          });
          const offered = day.slots.map((s) => s.start);
          // Strictly increasing: no time twice.
          for (let i = 1; i < offered.length; i++) expect(offered[i]).toBeGreaterThan(offered[i - 1]);
          // Each one is on the grid in local time, on that date.
          const walls = offered.map((s) => {
            const local = new TZDate(s, zone);
            expect(format(local, "yyyy-MM-dd")).toBe(date);
            return local.getHours() * 60 + local.getMinutes();
          });
          for (const wall of walls) expect(wall % step).toBe(0);
          // Every grid time that exists on the clock and leaves 30 minutes before midnight is offered.
          const midnight = wallClockInstant(addLocalDays(date, 1), 0, zone)!;
          const expected: number[] = [];
          for (let wall = 0; wall < 24 * 60; wall += step) {
            const instant = wallClockInstant(date, wall, zone);
            if (instant !== null && instant + 30 * 60_000 <= midnight && !expected.includes(wall)) expected.push(wall);
          }
          expect(walls).toEqual(expected);
        }
      }
    });
  }

  it("a day's clock gives the same instants and offsets as the zone lookups, on plain days and days with a change", () => {
    const cases = [
      ...ZONES.flatMap(({ zone }) =>
        // The change days, the plain day before the first, a plain summer day.
        [
          ...transitionDates(zone).slice(0, 2),
          addLocalDays(transitionDates(zone)[0] ?? "2027-03-14", -1),
          "2027-07-01",
        ].map((date) => ({ zone, date })),
      ),
      { zone: "UTC", date: "2026-12-01" },
      { zone: "America/St_Johns", date: "2027-03-14" },
      // Clocks that skip or repeat midnight itself.
      { zone: "America/Havana", date: "2027-03-14" },
      { zone: "America/Santiago", date: "2026-09-06" },
    ];
    for (const { zone, date } of cases) {
      const clock = dayClock(date, zone);
      expect(clock.start).toBe(wallClockInstant(date, 0, zone));
      expect(clock.end).toBe(wallClockInstant(addLocalDays(date, 1), 0, zone));
      for (let wall = 0; wall <= 24 * 60; wall += 15) {
        const instant = clock.instant(wall);
        expect(instant, `${zone} ${date} ${wall}`).toBe(wallClockInstant(date, wall, zone));
        if (instant !== null && wall < 24 * 60) expect(clock.iso(instant)).toBe(isoInZone(instant, zone));
      }
      // Outside its day too: the evening before, the next midnight, the small hours after it.
      for (const wall of [-60, 24 * 60 + 180])
        expect(clock.instant(wall), `${zone} ${date} ${wall}`).toBe(wallClockInstant(date, wall, zone));
      if (clock.start !== null && clock.end !== null)
        for (const instant of [clock.start - 3_600_000, clock.end, clock.end + 3 * 3_600_000])
          expect(clock.iso(instant), `${zone} ${date}`).toBe(isoInZone(instant, zone));
    }
  });

  it("where the clock goes back, a repeated time is its first occurrence east of UTC too, and a day open over it gets its real hours", () => {
    // London, Berlin, Auckland and Lord Howe once got the repeat: 1:30 in London was 1:30 GMT, an hour late.
    const first = (date: string, wall: number, zone: string) => isoInZone(wallClockInstant(date, wall, zone)!, zone);
    expect(first("2026-10-25", 90, "Europe/London")).toBe("2026-10-25T01:30:00+01:00");
    expect(first("2026-10-25", 150, "Europe/Berlin")).toBe("2026-10-25T02:30:00+02:00");
    // Half an hour after the repeat: the clock went back within the last hours, but 3:30 happens once.
    expect(first("2026-10-25", 210, "Europe/Berlin")).toBe("2026-10-25T03:30:00+01:00");
    expect(first("2028-04-02", 150, "Pacific/Auckland")).toBe("2028-04-02T02:30:00+13:00");
    expect(first("2028-04-02", 105, "Australia/Lord_Howe")).toBe("2028-04-02T01:45:00+11:00");
    expect(first("2026-11-01", 90, "America/New_York")).toBe("2026-11-01T01:30:00-04:00");
    // Auckland, 3:00 goes back to 2:00: open 1:00 to 3:00 is three real hours, so a one-hour
    // appointment fits at 1:00, 1:30, 2:00 and 2:30, each the first time the clock reads it.
    const auckland = "Pacific/Auckland";
    const allWeek = Array.from({ length: 7 }, () => [{ opens: 60, closes: 180 }]);
    const night = availableSlots(
      query({
        rules: rules({ timeZone: auckland, hours: allWeek, leadMinutes: 0 }),
        date: "2028-04-02",
        now: at("2028-03-30T00:00:00Z"),
      }),
    );
    expect(night.slots.map((s) => isoInZone(s.start, auckland))).toEqual([
      "2028-04-02T01:00:00+13:00",
      "2028-04-02T01:30:00+13:00",
      "2028-04-02T02:00:00+13:00",
      "2028-04-02T02:30:00+13:00",
    ]);
  });

  it("a closing time the clock skips is the first minute after the gap: appointments may run until then", () => {
    // Chicago, 2027-03-14: 2:00 becomes 3:00. Open from midnight until 2:00 or 2:30 (neither happens).
    const night = (closes: number) =>
      starts(
        query({
          rules: rules({ leadMinutes: 0, hours: rules().hours.map(() => [{ opens: 0, closes }]) }),
          date: "2027-03-14",
          now: at("2027-03-01T00:00:00Z"),
        }),
      );
    // 1:00 + 60 real minutes is 3:00.
    expect(night(120)).toEqual(["00:00", "00:30", "01:00"]);
    expect(night(150)).toEqual(["00:00", "00:30", "01:00"]);
  });

  it("a 9-to-6 day has the same wall-clock times before, on and after a change, with the new offset", () => {
    // Clocks go forward on Sunday 2027-03-14 in Chicago; here the salon opens every day.
    const everyDay = rules({ leadMinutes: 0, hours: rules().hours.map(() => nineToSix) });
    const day = (date: string) => query({ rules: everyDay, date, now: at("2027-03-01T00:00:00Z") });
    expect(starts(day("2027-03-14"))).toEqual(starts(day("2027-03-13")));
    expect(starts(day("2027-03-15"))).toEqual(starts(day("2027-03-13")));
    expect(isoInZone(availableSlots(day("2027-03-13")).slots[0].start, CHICAGO)).toBe("2027-03-13T09:00:00-06:00");
    expect(isoInZone(availableSlots(day("2027-03-14")).slots[0].start, CHICAGO)).toBe("2027-03-14T09:00:00-05:00");
  });
});
