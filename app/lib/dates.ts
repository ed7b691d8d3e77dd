import { TZDate } from "@date-fns/tz";
import { format, formatISO, startOfWeek } from "date-fns";

/**
 * Dates as people read them, always in the salon's time zone (a site setting), and built from
 * date-fns patterns rather than Intl's whole strings: Node and browsers disagree on some of those
 * (the space before "PM"), and a date rendered on the server must read the same in the browser.
 */

export { timeZoneName } from "./time-zone-note";

export const DEFAULT_TIME_ZONE = "America/Chicago";

let zones: Set<string> | null = null;

/** Every IANA time zone this runtime knows, sorted. */
export function timeZoneNames(): string[] {
  return [...knownZones()].sort();
}

function knownZones(): Set<string> {
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zones;
}

export function isTimeZone(value: string): boolean {
  return knownZones().has(value);
}

type Instant = string | Date;

const toDate = (value: Instant) => (typeof value === "string" ? new Date(value) : value);

// A zone lookup and a pattern cost tens of microseconds, and pages format the same few instants
// again and again (a booking strip's days, a day's free times): each text is kept, up to a bound.
const formatted = new Map<string, string>();

/** Any date-fns pattern in the zone; a value that is not a date comes back as given. */
export function formatInZone(value: Instant, timeZone: string, pattern: string): string {
  const date = toDate(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return typeof value === "string" ? value : "";
  const key = `${time}|${timeZone}|${pattern}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= 5000) formatted.clear();
    text = format(new TZDate(date, timeZone), pattern);
    formatted.set(key, text);
  }
  return text;
}

// Lists and e-mails format many instants of the same minute (a burst of submissions): the last
// one formatted is kept.
let lastDateTime = { key: "", text: "" };

/** "Nov 23, 2026 at 3:31 PM". */
export function formatDateTime(value: Instant, timeZone: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  const key = `${timeZone}|${Math.floor(date.getTime() / 60_000)}`;
  if (key !== lastDateTime.key) {
    lastDateTime = { key, text: format(new TZDate(date, timeZone), "MMM d, yyyy 'at' h:mm a") };
  }
  return lastDateTime.text;
}

/** "Nov 23, 2026". */
export function formatDate(value: Instant, timeZone: string): string {
  return formatInZone(value, timeZone, "MMM d, yyyy");
}

/**
 * The date an instant falls on in the zone (the salon's), "YYYY-MM-DD": the one answer to "which
 * day is it there". Booking, forms and the dashboard all ask it here.
 */
export function localDate(instant: number | Date, timeZone: string): string {
  return formatISO(new TZDate(+instant, timeZone), { representation: "date" });
}

/** The hour (0–23) on the zone's clocks. */
export function hourInZone(timeZone: string, now: Date = new Date()): number {
  return new TZDate(now, timeZone).getHours();
}

/** "Good morning" / "Good afternoon" / "Good evening" by the zone's clocks. */
export function greetingFor(timeZone: string, now: Date = new Date()): string {
  const hour = hourInZone(timeZone, now);
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

/** The instant this week began in the zone: Monday 00:00 on its clocks. */
export function startOfWeekInZone(timeZone: string, now: Date = new Date()): Date {
  return new Date(startOfWeek(new TZDate(now, timeZone), { weekStartsOn: 1 }).getTime());
}
