import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarSearch,
  clientName,
  layoutLanes,
  processingBand,
  minuteOfDay,
  parseCalendarQuery,
  placement,
  serviceLine,
  stepDates,
  timeAxis,
  viewDays,
  type CalendarEntry,
} from "./calendar";
import type { WeeklyHours } from "./availability";

const ZONE = "America/Chicago";
const nineToSix: WeeklyHours = [[], [], ...Array(5).fill([{ opens: 540, closes: 1080 }])];

const entry = (startsAt: string, endsAt: string): CalendarEntry => ({ startsAt, endsAt }) as CalendarEntry;

describe("the calendar's views", () => {
  it("reads ?view&date&booking, falling back to today's day view", () => {
    expect(parseCalendarQuery(new URLSearchParams("view=week&date=2026-12-02&booking=7"), "2026-11-30")).toEqual({
      view: "week",
      date: "2026-12-02",
      booking: 7,
    });
    expect(parseCalendarQuery(new URLSearchParams("view=year&date=2026-02-30&booking=x"), "2026-11-30")).toEqual({
      view: "day",
      date: "2026-11-30",
      booking: null,
    });
    expect(calendarSearch({ view: "day", date: "2026-12-01", booking: 3 })).toBe("?view=day&date=2026-12-01&booking=3");
    // No date: today. A booking id must be a whole number above 0.
    expect(parseCalendarQuery(new URLSearchParams(""), "2026-11-30")).toEqual({
      view: "day",
      date: "2026-11-30",
      booking: null,
    });
    for (const booking of ["0", "-3", "2.5"])
      expect(parseCalendarQuery(new URLSearchParams({ booking }), "2026-11-30").booking, booking).toBeNull();
    expect(calendarSearch({ view: "week", date: "2026-12-01", booking: null })).toBe("?view=week&date=2026-12-01");
  });

  it("a week runs Monday to Sunday around the date; previous and next step a day or a week", () => {
    expect(viewDays("week", "2026-12-02")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(viewDays("week", "2026-12-06")[0]).toBe("2026-11-30");
    expect(viewDays("day", "2026-12-06")).toEqual(["2026-12-06"]);
    expect(stepDates("day", "2026-12-31")).toEqual({ previous: "2026-12-30", next: "2027-01-01" });
    expect(stepDates("week", "2026-12-02")).toEqual({ previous: "2026-11-25", next: "2026-12-09" });
  });
});

describe("placing appointments on the salon's clock", () => {
  it("counts minutes on the salon's wall clock, clamped to the day, across a clock change", () => {
    expect(minuteOfDay("2026-12-01T15:30:00.000Z", "2026-12-01", ZONE)).toBe(9 * 60 + 30);
    expect(minuteOfDay("2026-12-01T03:00:00.000Z", "2026-12-01", ZONE)).toBe(0); // the evening before
    expect(minuteOfDay("2026-12-02T07:00:00.000Z", "2026-12-01", ZONE)).toBe(24 * 60);
    // The Sunday clocks go back: 9:00 is still 9:00.
    expect(minuteOfDay("2026-11-01T15:00:00.000Z", "2026-11-01", ZONE)).toBe(9 * 60);
    // An instant as epoch milliseconds reads the same.
    expect(minuteOfDay(Date.parse("2026-12-01T15:30:00.000Z"), "2026-12-01", ZONE)).toBe(9 * 60 + 30);
  });

  it("shows the opening hours, widened to every appointment in view", () => {
    expect(timeAxis(["2026-12-01"], nineToSix, [], ZONE)).toEqual({ start: 540, end: 1080 });
    const early = entry("2026-12-01T13:30:00.000Z", "2026-12-01T14:30:00.000Z"); // 7:30–8:30
    expect(timeAxis(["2026-12-01"], nineToSix, [early], ZONE)).toEqual({ start: 420, end: 1080 });
    expect(timeAxis(["2026-11-30"], nineToSix, [], ZONE)).toEqual({ start: 540, end: 1080 }); // closed Monday
    // A week whose days open at different times shows from the earliest opening to the latest closing.
    const tueEarly: WeeklyHours = [[], [], [{ opens: 480, closes: 900 }], [{ opens: 600, closes: 1140 }], [], [], []];
    expect(timeAxis(["2026-11-30", "2026-12-01", "2026-12-02"], tueEarly, [], ZONE)).toEqual({ start: 480, end: 1140 });
    // An appointment on another day does not widen this one; hours without the weekday, only the appointment.
    const dayBefore = entry("2026-11-30T13:30:00.000Z", "2026-11-30T14:30:00.000Z");
    expect(timeAxis(["2026-12-01"], nineToSix, [dayBefore], ZONE)).toEqual({ start: 540, end: 1080 });
    expect(timeAxis(["2026-12-01"], [], [early], ZONE)).toEqual({ start: 420, end: 540 });
  });

  it("widens the axis as asking every day of every entry would, across clock changes and midnights", () => {
    // The axis as first written: each entry's minutes asked on each day in view.
    const everyDay = (days: string[], hours: WeeklyHours, entries: CalendarEntry[], zone: string) => {
      let start = Infinity;
      let end = -Infinity;
      for (const day of days) {
        for (const interval of hours[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? []) {
          start = Math.min(start, interval.opens);
          end = Math.max(end, interval.closes);
        }
        for (const e of entries) {
          const from = minuteOfDay(e.startsAt, day, zone);
          const to = minuteOfDay(e.endsAt, day, zone);
          if (to > from) [start, end] = [Math.min(start, from), Math.max(end, to)];
        }
      }
      if (!Number.isFinite(start)) return { start: 9 * 60, end: 18 * 60 };
      return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
    };
    // The weeks of Chicago's and Lord Howe's clock changes and of Santiago's (its clocks skip midnight).
    const weeks = ["2026-03-08", "2026-11-01", "2026-04-05", "2026-10-04", "2026-09-06", "2026-12-07"];
    const zones = ["America/Chicago", "Australia/Lord_Howe", "America/Santiago", "UTC", "Asia/Kolkata"];
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.constantFrom(...weeks),
        fc.constantFrom(...zones),
        fc.array(fc.tuple(fc.integer({ min: -2 * 1440, max: 9 * 1440 }), fc.integer({ min: 0, max: 2 * 1440 })), {
          maxLength: 12,
        }),
        fc.boolean(),
        (date, zone, spans, open) => {
          const days = viewDays("week", date);
          const base = Date.parse(`${days[0]}T00:00:00Z`);
          const entries = spans.map(([at, length]) =>
            entry(new Date(base + at * minute).toISOString(), new Date(base + (at + length) * minute).toISOString()),
          );
          const hours = open ? nineToSix : [];
          expect(timeAxis(days, hours, entries, zone)).toEqual(everyDay(days, hours, entries, zone));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("places an appointment in percent of the axis, and nothing on another day", () => {
    const axis = { start: 540, end: 1080 };
    const tenToNoon = entry("2026-12-01T16:00:00.000Z", "2026-12-01T18:00:00.000Z");
    expect(placement(tenToNoon, "2026-12-01", axis, ZONE)).toEqual({
      top: (60 / 540) * 100,
      height: (120 / 540) * 100,
    });
    expect(placement(tenToNoon, "2026-12-02", axis, ZONE)).toBeNull();
    // Ending as the axis starts: nothing to show.
    expect(
      placement(entry("2026-12-01T14:00:00.000Z", "2026-12-01T15:00:00.000Z"), "2026-12-01", axis, ZONE),
    ).toBeNull();
  });

  it("puts overlapping appointments side by side, and others full width", () => {
    const lanes = layoutLanes([
      { id: 1, start: 0, end: 60 },
      { id: 2, start: 30, end: 90 },
      { id: 3, start: 60, end: 120 },
      { id: 4, start: 200, end: 260 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(4)).toEqual({ lane: 0, lanes: 1 });
  });

  it("lays out the same way whatever order the appointments come in: by start, then the shorter, then the older", () => {
    const items = [
      { id: 9, start: 500, end: 560 },
      { id: 5, start: 300, end: 400 },
      { id: 4, start: 200, end: 260 },
      { id: 8, start: 500, end: 560 },
      { id: 6, start: 300, end: 350 },
    ];
    const lanes = layoutLanes(items);
    expect(lanes).toEqual(layoutLanes([...items].reverse()));
    expect(lanes.size).toBe(5);
    expect(lanes.get(4)).toEqual({ lane: 0, lanes: 1 });
    expect(lanes.get(6)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(5)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(8)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(9)).toEqual({ lane: 1, lanes: 2 });
  });

  it("one starting as a group ends starts a group of its own", () => {
    const lanes = layoutLanes([
      { id: 1, start: 0, end: 60 },
      { id: 2, start: 30, end: 60 },
      { id: 3, start: 60, end: 90 },
    ]);
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 1 });
  });
});

describe("names on the calendar", () => {
  it("a client's name without stray spaces; the option only when it says more than the service", () => {
    expect(clientName({ firstName: "Ana", lastName: "" })).toBe("Ana");
    expect(clientName({ firstName: "", lastName: "" })).toBe("");
    expect(clientName({ firstName: "Ana", lastName: "Reyes" })).toBe("Ana Reyes");
    expect(serviceLine({ service: "Hair", option: "Women's Haircut" })).toBe("Hair — Women's Haircut");
    expect(serviceLine({ service: "Hair", option: "Hair" })).toBe("Hair");
    expect(serviceLine({ service: "Hair", option: "" })).toBe("Hair");
  });
});

describe("processing time on the calendar", () => {
  const entry = {
    startsAt: "2026-12-01T15:00:00.000Z",
    endsAt: "2026-12-01T16:45:00.000Z",
    processing: { startsAt: "2026-12-01T15:45:00.000Z", endsAt: "2026-12-01T16:15:00.000Z" },
  };

  it("sits where the colour processes within its appointment's box", () => {
    const band = processingBand(entry);
    expect(band?.top).toBeCloseTo((45 / 105) * 100);
    expect(band?.height).toBeCloseTo((30 / 105) * 100);
    expect(processingBand({ ...entry, processing: null })).toBeNull();
  });

  it("keeps apart a visit's parts that share a booking's id", () => {
    const lanes = layoutLanes([
      { id: "7.0", start: 0, end: 10 },
      { id: "7.1", start: 10, end: 20 },
      { id: "8.0", start: 5, end: 15 },
    ]);
    expect(lanes.get("7.0")).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get("8.0")).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get("7.1")).toEqual({ lane: 0, lanes: 2 });
  });
});
