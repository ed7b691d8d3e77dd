import { addLocalDays, dayClock, parseLocalDate, wallClockInstant, weekdayOf } from "~/lib/booking/availability";

/**
 * The reports' date range: two of the salon's local dates, both ends inclusive, as the GET form
 * posts them, and the Monday-to-Sunday weeks the charts count in, with their first and last
 * instants in the salon's zone (a week with a clock change is 167 or 169 hours long).
 */
export interface ReportRange {
  /** "YYYY-MM-DD", the first day counted. */
  from: string;
  /** "YYYY-MM-DD", the last day counted. */
  to: string;
}

/** A report covers at most this many days (a year, leap years included). */
export const MAX_RANGE_DAYS = 366;
/** With no range asked for, the reports cover this week and the eleven before it. */
export const DEFAULT_WEEKS = 12;

export const REPORT_PRESETS = [
  { id: "4w", label: "Last 4 weeks" },
  { id: "month", label: "This month" },
  { id: "3m", label: "Last 3 months" },
  { id: "year", label: "This year" },
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number]["id"];

export const RANGE_ERRORS = {
  missing: "Enter a start date and an end date.",
  invalid: "Enter dates as YYYY-MM-DD, for example 2026-11-02.",
  reversed: "The start date must be on or before the end date.",
  tooLong: `A report covers at most ${MAX_RANGE_DAYS} days. Choose a shorter range.`,
} as const;

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  return addLocalDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Days from `from` to `to` (0 when they are the same date). */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from)!;
  const b = parseLocalDate(to)!;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The last `weeks` weeks, this one included, up to today. */
export function lastWeeks(today: string, weeks: number): ReportRange {
  return { from: addLocalDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}

export function defaultRange(today: string): ReportRange {
  return lastWeeks(today, DEFAULT_WEEKS);
}

/** A preset's range as of `today` (the salon's date). */
export function presetRange(preset: ReportPreset, today: string): ReportRange {
  const [year, month] = today.split("-");
  switch (preset) {
    case "4w":
      return lastWeeks(today, 4);
    case "month":
      return { from: `${year}-${month}-01`, to: today };
    case "3m": {
      const first = new Date(Date.UTC(Number(year), Number(month) - 3, 1)).toISOString().slice(0, 10);
      return { from: first, to: today };
    }
    case "year":
      return { from: `${year}-01-01`, to: today };
  }
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseLocalDate(value) !== null;

export type RangeResult = { ok: true; range: ReportRange } | { ok: false; error: string; asked: ReportRange };

/**
 * The range a GET asks for: a preset, or from and to; nothing asked: the default. A wrong range
 * answers its error and what was asked, so the form shows both.
 */
export function parseReportRange(params: URLSearchParams, today: string): RangeResult {
  const preset = REPORT_PRESETS.find((p) => p.id === params.get("preset"));
  if (preset) return { ok: true, range: presetRange(preset.id, today) };
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  if (!from && !to) return { ok: true, range: defaultRange(today) };
  const asked = { from, to };
  if (!from || !to) return { ok: false, error: RANGE_ERRORS.missing, asked };
  if (!isDate(from) || !isDate(to)) return { ok: false, error: RANGE_ERRORS.invalid, asked };
  const days = daysBetween(from, to);
  if (days < 0) return { ok: false, error: RANGE_ERRORS.reversed, asked };
  if (days + 1 > MAX_RANGE_DAYS) return { ok: false, error: RANGE_ERRORS.tooLong, asked };
  return { ok: true, range: asked };
}

/** The first instant of a local date (a zone whose clock skips midnight: when it reads 1:00). */
export function midnightOf(date: string, timeZone: string): number {
  return dayClock(date, timeZone).start ?? wallClockInstant(date, 60, timeZone)!;
}

/** One week of a report: its Monday, the days of it inside the range, and their instants [start, end). */
export interface ReportWeek {
  /** The week's Monday, "YYYY-MM-DD" (may lie before the range). */
  monday: string;
  /** The first and last day of the week inside the range. */
  from: string;
  to: string;
  /** UTC ISO instants: the first day's midnight and the midnight after the last day. */
  start: string;
  end: string;
}

/** The weeks (Monday to Sunday in the salon's zone) that cover the range, the first and last cut to it. */
export function reportWeeks(range: ReportRange, timeZone: string): ReportWeek[] {
  const weeks: ReportWeek[] = [];
  for (let monday = mondayOf(range.from); monday <= range.to; monday = addLocalDays(monday, 7)) {
    const from = monday < range.from ? range.from : monday;
    const sunday = addLocalDays(monday, 6);
    const to = sunday > range.to ? range.to : sunday;
    weeks.push({
      monday,
      from,
      to,
      start: new Date(midnightOf(from, timeZone)).toISOString(),
      end: new Date(midnightOf(addLocalDays(to, 1), timeZone)).toISOString(),
    });
  }
  return weeks;
}

/** Every local date of the range, in order. */
export function rangeDates(range: ReportRange): string[] {
  const dates: string[] = [];
  for (let date = range.from; date <= range.to; date = addLocalDays(date, 1)) dates.push(date);
  return dates;
}
