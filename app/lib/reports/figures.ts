import {
  closedReason,
  dayClock,
  weekdayOf,
  type BookingRules,
  type DayClock,
  type WeeklyHours,
} from "~/lib/booking/availability";

/**
 * The reports' arithmetic, shared by the server (figures, CSV) and the page (words): a person's
 * working time, utilisation, rates and how a week compares with the one before.
 */

/** A stretch of time, in epoch milliseconds, [start, end). */
export interface Stretch {
  start: number;
  end: number;
}

const MINUTE = 60_000;

/** How much of [start, end) the stretches cover, in milliseconds (the stretches may overlap each other). */
function coveredMs(start: number, end: number, stretches: readonly Stretch[]): number {
  const cut = stretches
    .map((s) => ({ start: Math.max(s.start, start), end: Math.min(s.end, end) }))
    .filter((s) => s.start < s.end)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reached = start;
  for (const s of cut) {
    const from = Math.max(s.start, reached);
    if (s.end > from) {
      covered += s.end - from;
      reached = s.end;
    }
  }
  return covered;
}

/** A day the salon opens, with its weekday and its clock. */
export interface OpenDay {
  weekday: number;
  clock: DayClock;
}

/**
 * The dates the salon opens (closures and closed weekdays left out), each looked up once: a year's
 * report counts everyone's working time on the same days.
 */
export function openDays(dates: readonly string[], rules: Pick<BookingRules, "hours" | "closures" | "timeZone">): OpenDay[] {
  return dates
    .filter((date) => !closedReason(rules, date))
    .map((date) => ({ weekday: weekdayOf(date), clock: dayClock(date, rules.timeZone) }));
}

/**
 * A person's working minutes on the days the salon opens: their weekly hours (the salon's when
 * they keep none), less their blocked time (time off) inside those hours. Read on the wall clock,
 * so a day with a clock change counts the hours that really pass.
 */
export function workingMinutes(
  days: readonly OpenDay[],
  own: WeeklyHours | null,
  rules: Pick<BookingRules, "hours">,
  blocked: readonly Stretch[] = [],
): number {
  let total = 0;
  for (const { weekday, clock } of days) {
    for (const interval of (own ?? rules.hours)[weekday] ?? []) {
      const start = clock.instant(interval.opens);
      const end = clock.instant(interval.closes);
      if (start === null || end === null || end <= start) continue;
      total += end - start - coveredMs(start, end, blocked);
    }
  }
  return Math.round(total / MINUTE);
}

/** part / whole, or null when there is no whole to measure against. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** A rate as a person reads it: "62%", "4.5%" under ten percent, "—" when there is none. */
export function percent(value: number | null): string {
  if (value === null) return "—";
  const pct = value * 100;
  return `${pct > 0 && pct < 10 ? (Math.round(pct * 10) / 10).toString() : Math.round(pct)}%`;
}

/**
 * How a figure compares with last week's, in words that need no colour: "3 more than last week",
 * "2 fewer …"; an amount ("$120 less …") when `formatAmount` is given.
 */
export function changeFromLastWeek(now: number, before: number, formatAmount?: (n: number) => string): string {
  const diff = Math.round((now - before) * 100) / 100;
  if (diff === 0) return "Same as last week";
  const size = formatAmount ? formatAmount(Math.abs(diff)) : Math.abs(diff).toLocaleString("en-US");
  return `${size} ${diff > 0 ? "more" : formatAmount ? "less" : "fewer"} than last week`;
}

/** How a booking came in (bookings.source), as the reports name it, in the order they show it. */
export const BOOKING_CHANNELS = [
  { id: "online", label: "Online" },
  { id: "staff", label: "Phone" },
  { id: "walk_in", label: "Walk-in" },
] as const;

/** A channel's name; a source the reports do not know reads as itself. */
export const channelLabel = (id: string) => BOOKING_CHANNELS.find((c) => c.id === id)?.label ?? id;

/** Each form's submissions as the reports name them. */
export const FORM_LABELS: Record<string, string> = {
  Booking: "Booking requests",
  appointment_request: "Appointment requests",
  Contact: "Contact messages",
  "Suite Application": "Suite applications",
  Newsletter: "Newsletter sign-ups",
};

export const formLabel = (type: string) => FORM_LABELS[type] ?? type;
