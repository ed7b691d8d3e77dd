import type { Minutes, WallInterval, WeeklyHours } from "./availability";

/**
 * A staff member's working hours as the admin form edits them: per weekday (Sunday first) a start
 * and an end on the wall clock, or off. They must lie within the salon's opening hours, since
 * nobody can be booked while the salon is closed.
 */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** One weekday's row of the form: "HH:MM" times as a time input posts them. */
export interface WorkingDayInput {
  off: boolean;
  start: string;
  end: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; null when it is not a 24-hour time. */
export function parseClock(value: string): Minutes | null {
  const m = HHMM.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** 570 → "09:30" (the value of a time input); 1440 → "24:00". */
export function clockValue(minutes: Minutes): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 570 → "9:30 AM"; 1440 → "12:00 AM" (midnight). */
export function clockLabel(minutes: Minutes): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const hour = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour}:${String(minutes % 60).padStart(2, "0")} ${hour24 < 12 ? "AM" : "PM"}`;
}

export const intervalLabel = (i: WallInterval) => `${clockLabel(i.opens)} – ${clockLabel(i.closes)}`;

/** The salon's hours of one day, as a hint beside the day's row. */
export function salonDayLabel(day: WallInterval[]): string {
  return day.length ? day.map(intervalLabel).join(", ") : "closed";
}

/** What the form shows for stored hours: their own, or (salon's hours) the salon's, closed days off. */
export function workingDaysFor(hours: WeeklyHours | null, salon: WeeklyHours): WorkingDayInput[] {
  return WEEKDAY_NAMES.map((_, day) => {
    const own = hours ? hours[day] : salon[day];
    const first = own?.[0];
    if (!first) {
      const open = salon[day]?.[0];
      return { off: true, start: open ? clockValue(open.opens) : "", end: open ? clockValue(open.closes) : "" };
    }
    return { off: false, start: clockValue(first.opens), end: clockValue(own[own.length - 1].closes) };
  });
}

export type WorkingHoursResult =
  | { ok: true; hours: WeeklyHours }
  /** Errors by form field: "day-{0..6}" for a weekday's row. */
  | { ok: false; errors: Record<string, string[]> };

/**
 * Checks the week the form posted against the salon's opening hours: every working day needs a
 * start before its end, both within the salon's hours that day (and the salon open at all).
 */
export function validateWorkingHours(days: WorkingDayInput[], salon: WeeklyHours): WorkingHoursResult {
  const errors: Record<string, string[]> = {};
  const hours: WeeklyHours = [];
  if (days.length !== 7) return { ok: false, errors: { hours: ["Give the hours of all seven weekdays."] } };
  days.forEach((day, index) => {
    const name = WEEKDAY_NAMES[index];
    const key = `day-${index}`;
    if (day.off) {
      hours.push([]);
      return;
    }
    const start = parseClock(day.start);
    const end = parseClock(day.end);
    const open = salon[index] ?? [];
    if (start === null || end === null) {
      errors[key] = [`${name}: give a start and an end time (for example 09:00 and 17:00), or mark the day off.`];
    } else if (start >= end) {
      errors[key] = [`${name}: the start (${clockLabel(start)}) must be before the end (${clockLabel(end)}).`];
    } else if (open.length === 0) {
      errors[key] = [`${name}: the salon is closed on ${name}s, so nobody can work then. Mark the day off.`];
    } else if (!open.some((i) => i.opens <= start && end <= i.closes)) {
      errors[key] = [
        `${name}: ${clockLabel(start)} – ${clockLabel(end)} is outside the salon's opening hours (${salonDayLabel(open)}). Choose times within them.`,
      ];
    }
    hours.push(start !== null && end !== null && start < end ? [{ opens: start, closes: end }] : []);
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, hours };
}

/** Stored hours JSON → the week, or null for "the salon's hours" (empty or unreadable). */
export function parseStoredHours(json: string): WeeklyHours | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed) || parsed.length !== 7) return null;
    const valid = parsed.every(
      (day) =>
        Array.isArray(day) &&
        day.every(
          (i: unknown) =>
            !!i &&
            typeof i === "object" &&
            Number.isInteger((i as WallInterval).opens) &&
            Number.isInteger((i as WallInterval).closes),
        ),
    );
    return valid ? (parsed as WeeklyHours) : null;
  } catch {
    return null;
  }
}

/** A one-line summary for the staff list, e.g. "Tue–Fri 10:00 AM – 4:00 PM" style per day. */
export function hoursSummary(hours: WeeklyHours | null): string {
  if (!hours) return "Salon's opening hours";
  const parts = hours
    .map((day, index) => (day.length ? `${WEEKDAY_NAMES[index].slice(0, 3)} ${day.map(intervalLabel).join(", ")}` : ""))
    .filter(Boolean);
  return parts.length ? parts.join(" · ") : "No working days";
}
