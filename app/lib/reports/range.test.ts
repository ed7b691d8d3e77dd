import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addLocalDays } from "~/lib/booking/availability";
import {
  defaultRange,
  midnightOf,
  parseReportRange,
  presetRange,
  RANGE_ERRORS,
  reportWeeks,
  type ReportRange,
} from "./range";

const HOUR = 3_600_000;
const ask = (query: string, today = "2026-11-28") => parseReportRange(new URLSearchParams(query), today);

describe("the reports' range", () => {
  it("defaults to this week and the eleven before it, Monday first", () => {
    // 2026-11-28 is a Saturday; its Monday is 2026-11-23.
    expect(defaultRange("2026-11-28")).toEqual({ from: "2026-09-07", to: "2026-11-28" });
    expect(ask("")).toEqual({ ok: true, range: { from: "2026-09-07", to: "2026-11-28" } });
  });

  it("reads each preset as of today", () => {
    expect(presetRange("4w", "2026-11-28")).toEqual({ from: "2026-11-02", to: "2026-11-28" });
    expect(presetRange("month", "2026-11-28")).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    expect(presetRange("3m", "2026-02-10")).toEqual({ from: "2025-12-01", to: "2026-02-10" });
    expect(presetRange("year", "2026-11-28")).toEqual({ from: "2026-01-01", to: "2026-11-28" });
    expect(ask("preset=year")).toEqual({ ok: true, range: { from: "2026-01-01", to: "2026-11-28" } });
  });

  it("takes a range of one day up to 366 days, and refuses the rest with what was asked", () => {
    expect(ask("from=2026-11-02&to=2026-11-02")).toEqual({ ok: true, range: { from: "2026-11-02", to: "2026-11-02" } });
    expect(ask("from=2024-01-01&to=2024-12-31")).toMatchObject({ ok: true });
    expect(ask("from=2024-01-01&to=2025-01-01")).toEqual({
      ok: false,
      error: RANGE_ERRORS.tooLong,
      asked: { from: "2024-01-01", to: "2025-01-01" },
    });
    expect(ask("from=2026-11-03&to=2026-11-02")).toMatchObject({ ok: false, error: RANGE_ERRORS.reversed });
    expect(ask("from=2026-11-02")).toMatchObject({ ok: false, error: RANGE_ERRORS.missing });
    expect(ask("from=2026-02-30&to=2026-03-02")).toMatchObject({ ok: false, error: RANGE_ERRORS.invalid });
    expect(ask("from=11/02/2026&to=2026-11-28")).toMatchObject({ ok: false, error: RANGE_ERRORS.invalid });
  });
});

describe("the reports' weeks in the salon's zone", () => {
  it("cuts the first and last week to the range, and a week with the clock going back lasts 169 hours", () => {
    // Chicago's clocks go back on Sunday 2026-11-01.
    const weeks = reportWeeks({ from: "2026-10-28", to: "2026-11-10" }, "America/Chicago");
    expect(weeks).toEqual([
      {
        monday: "2026-10-26",
        from: "2026-10-28",
        to: "2026-11-01",
        start: "2026-10-28T05:00:00.000Z",
        end: "2026-11-02T06:00:00.000Z",
      },
      {
        monday: "2026-11-02",
        from: "2026-11-02",
        to: "2026-11-08",
        start: "2026-11-02T06:00:00.000Z",
        end: "2026-11-09T06:00:00.000Z",
      },
      {
        monday: "2026-11-09",
        from: "2026-11-09",
        to: "2026-11-10",
        start: "2026-11-09T06:00:00.000Z",
        end: "2026-11-11T06:00:00.000Z",
      },
    ]);
    const spring = reportWeeks({ from: "2026-03-02", to: "2026-03-15" }, "America/Chicago");
    expect(spring.map((w) => (Date.parse(w.end) - Date.parse(w.start)) / HOUR)).toEqual([167, 168]);
  });

  it("weeks follow one another without gap or overlap, Monday to Sunday, and cover exactly the range", () => {
    const zones = ["America/Chicago", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "UTC"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 365 }),
        fc.integer({ min: 0, max: 365 }),
        fc.constantFrom(...zones),
        (offset, length, zone) => {
          const range: ReportRange = { from: addLocalDays("2025-01-01", offset), to: "" };
          range.to = addLocalDays(range.from, length);
          const weeks = reportWeeks(range, zone);
          expect(weeks[0].from).toBe(range.from);
          expect(weeks[0].start).toBe(new Date(midnightOf(range.from, zone)).toISOString());
          expect(weeks.at(-1)!.to).toBe(range.to);
          expect(weeks.at(-1)!.end).toBe(new Date(midnightOf(addLocalDays(range.to, 1), zone)).toISOString());
          weeks.forEach((week, i) => {
            expect(new Date(`${week.monday}T12:00:00Z`).getUTCDay()).toBe(1);
            expect(week.from <= week.to && week.to <= addLocalDays(week.monday, 6)).toBe(true);
            if (i > 0) {
              expect(week.start).toBe(weeks[i - 1].end);
              expect(week.from).toBe(addLocalDays(weeks[i - 1].to, 1));
            }
          });
        },
      ),
      { numRuns: 50 },
    );
  });
});
