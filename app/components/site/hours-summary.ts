import type { DayHours } from "~/lib/hours";

/**
 * The opening days in one short line for the top bar: consecutive days with the same hours are
 * grouped ("Tue–Fri 9:00 AM - 6:00 PM"); closed days are left out.
 */
export function summarizeHours(days: DayHours[]): string {
  const groups: { from: DayHours; to: DayHours }[] = [];
  for (const day of days) {
    const last = groups.at(-1);
    if (last && !day.closed && last.to.text === day.text && days.indexOf(last.to) === days.indexOf(day) - 1) {
      last.to = day;
    } else if (!day.closed) {
      groups.push({ from: day, to: day });
    }
  }
  const short = (d: DayHours) => d.label.slice(0, 3);
  return groups
    .map(({ from, to }) => `${from === to ? short(from) : `${short(from)}–${short(to)}`} ${from.text}`)
    .join(" · ");
}
