import { addDays, format } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { parseLocalDate } from "~/lib/booking/availability";

/*
 * The salon's clock: "today" and "past" are judged in the salon's time zone (a site setting), not
 * in the server's.
 */

/** Hourly slots from 9:00 AM through 5:00 PM: the times a booking request may ask for. */
export const TIME_SLOTS = [
  "9:00 AM",
  "10:00 AM",
  "11:00 AM",
  "12:00 PM",
  "1:00 PM",
  "2:00 PM",
  "3:00 PM",
  "4:00 PM",
  "5:00 PM",
] as const;

/** How far ahead a visitor may request a date. */
export const MAX_DAYS_AHEAD = 365;

export function latestBookableDate(timeZone: string, now: Date = new Date()): string {
  return format(addDays(new TZDate(now, timeZone), MAX_DAYS_AHEAD), "yyyy-MM-dd");
}

/** A real calendar date written YYYY-MM-DD (the one date check: parseLocalDate). */
export function isIsoDate(value: string): boolean {
  return parseLocalDate(value) !== null;
}
