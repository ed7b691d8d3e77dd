import { contactDefaults } from "~/content/contact";
import { addLocalDays, weekdayOf } from "~/lib/booking/availability";
import { businessToday } from "~/lib/forms/booking-rules";
import { openingHours } from "~/server/booking/rules.server";

/** The local date `days` after today in the default salon's zone (Houston), "YYYY-MM-DD". */
export const dayFromToday = (days: number): string => addLocalDays(businessToday("America/Chicago"), days);

const DEFAULT_HOURS = openingHours(contactDefaults);

/** The first date at least `days` after today on which the default salon opens (Tuesday to Friday). */
export function openDayFromToday(days: number): string {
  let date = dayFromToday(days);
  while ((DEFAULT_HOURS[weekdayOf(date)] ?? []).length === 0) date = addLocalDays(date, 1);
  return date;
}
