import { describe, expect, it } from "vitest";
import { formatAmount } from "~/lib/booking/menu-prices";
import { changeFromLastWeek, openDays, percent, rate, workingMinutes } from "./figures";

const NINE_TO_FIVE = { opens: 9 * 60, closes: 17 * 60 };
/** The salon opens Tuesday to Saturday, 9 to 5. */
const SALON = [[], [], [NINE_TO_FIVE], [NINE_TO_FIVE], [NINE_TO_FIVE], [NINE_TO_FIVE], [NINE_TO_FIVE]];
const rules = { hours: SALON, closures: [], timeZone: "America/Chicago" };
// Tuesday 2026-11-03 to Monday 2026-11-09.
const WEEK = ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09"];

describe("working time and utilisation", () => {
  it("counts a person's hours on the days the salon opens: the salon's hours when they keep none, their own otherwise", () => {
    expect(workingMinutes(openDays(WEEK, rules), null, rules)).toBe(5 * 8 * 60);
    const tuesdaysOnly = [[], [], [{ opens: 10 * 60, closes: 14 * 60 }], [], [], [], []];
    expect(workingMinutes(openDays(WEEK, rules), tuesdaysOnly, rules)).toBe(4 * 60);
  });

  it("leaves out closures and blocked time inside the hours, overlapping blocks counted once", () => {
    const closed = { ...rules, closures: [{ from: "2026-11-04", to: "2026-11-05", label: "Holiday" }] };
    expect(workingMinutes(openDays(WEEK, closed), null, closed)).toBe(3 * 8 * 60);
    // Tuesday 10:00–12:00 and 11:00–13:00 in Chicago (UTC−6), and a night that is outside any hours.
    const blocked = [
      { start: Date.parse("2026-11-03T16:00:00Z"), end: Date.parse("2026-11-03T18:00:00Z") },
      { start: Date.parse("2026-11-03T17:00:00Z"), end: Date.parse("2026-11-03T19:00:00Z") },
      { start: Date.parse("2026-11-04T02:00:00Z"), end: Date.parse("2026-11-04T12:00:00Z") },
    ];
    expect(workingMinutes(openDays(WEEK, rules), null, rules, blocked)).toBe(5 * 8 * 60 - 3 * 60);
  });

  it("counts the hours that pass on a day the clock goes back", () => {
    const allDay = { ...rules, hours: Array.from({ length: 7 }, () => [{ opens: 0, closes: 24 * 60 }]) };
    expect(workingMinutes(openDays(["2026-11-01"], allDay), null, allDay)).toBe(25 * 60);
    expect(workingMinutes(openDays(["2026-03-08"], allDay), null, allDay)).toBe(23 * 60);
  });

  it("a rate is part of a whole, none without a whole; read as a percentage", () => {
    expect(rate(90, 360)).toBe(0.25);
    expect(rate(3, 0)).toBeNull();
    expect(percent(0.25)).toBe("25%");
    expect(percent(0.045)).toBe("4.5%");
    expect(percent(0)).toBe("0%");
    expect(percent(null)).toBe("—");
  });

  it("says how this week compares with last in words", () => {
    expect(changeFromLastWeek(12, 9)).toBe("3 more than last week");
    expect(changeFromLastWeek(1, 3)).toBe("2 fewer than last week");
    expect(changeFromLastWeek(4, 4)).toBe("Same as last week");
    expect(changeFromLastWeek(300, 420, formatAmount)).toBe("$120 less than last week");
    expect(changeFromLastWeek(1300, 120.5, formatAmount)).toBe("$1,179.50 more than last week");
  });
});
