import { contactDefaults } from "~/content/contact";
import { addLocalDays, isoInZone, wallClockInstant, weekdayOf } from "~/lib/booking/availability";
import { DEFAULT_TIME_ZONE, localDate } from "~/lib/dates";
import { openingHours } from "~/server/booking/model.server";

/*
 * Dates for tests whose code reads the clock (a booking's stamps, lead time, the booking window):
 * counted from the real today, so the tests hold on any day.
 */

/** The local date `days` after today in the default salon's zone (Houston), "YYYY-MM-DD". */
export const dayFromToday = (days: number): string => addLocalDays(localDate(Date.now(), DEFAULT_TIME_ZONE), days);

const DEFAULT_HOURS = openingHours(contactDefaults);

/** The first date at least `days` after today on which the default salon opens (Tuesday to Friday). */
export function openDayFromToday(days: number): string {
  let date = dayFromToday(days);
  while ((DEFAULT_HOURS[weekdayOf(date)] ?? []).length === 0) date = addLocalDays(date, 1);
  return date;
}

/**
 * A wall-clock time ("HH:MM") on a local date in the default salon's zone, as the instant a
 * booking's `start` takes, with that day's offset: "2027-03-16T09:00:00-05:00".
 */
export function salonTime(date: string, time: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  const instant = wallClockInstant(date, hours * 60 + minutes, DEFAULT_TIME_ZONE);
  if (instant === null) throw new RangeError(`${time} does not happen on ${date} in ${DEFAULT_TIME_ZONE}`);
  return isoInZone(instant, DEFAULT_TIME_ZONE);
}
