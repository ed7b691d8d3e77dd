/**
 * Naming a time zone for the times a client reads. The server always names the salon's zone
 * beside its times; the page's script says more when the visitor's device is set to another zone.
 * Kept apart from dates.ts (and date-fns) so the public pages' script can use it.
 */

// Making a formatter costs about half a millisecond (each booking's e-mails name the zone several
// times); using one costs microseconds. A zone that is not one throws, as before, and is not kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, timeZoneName: "longGeneric" | "longOffset"): Intl.DateTimeFormat {
  const key = `${timeZoneName}|${timeZone}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName });
    if (formatters.size >= 100) formatters.clear();
    formatters.set(key, kept);
  }
  return kept;
}

// A generic name ("Central Time") is the same in winter and summer: reading it from the formatter
// costs tens of microseconds, several times per e-mail, so each zone's is kept per year.
const names = new Map<string, string>();

/** The zone's everyday name: "Central time", "New Zealand time"; else the IANA name. */
export function timeZoneName(timeZone: string, now: Date = new Date()): string {
  const key = `${timeZone}|${now.getUTCFullYear()}`;
  let kept = names.get(key);
  if (kept === undefined) {
    const name = formatter(timeZone, "longGeneric")
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
    kept = name && !name.startsWith("GMT") ? name.replace(/ Time$/, " time") : timeZone;
    if (names.size >= 100) names.clear();
    names.set(key, kept);
  }
  return kept;
}

/** Two zone names that read the same clock now (e.g. "America/Chicago" and "US/Central"). */
function sameClock(a: string, b: string, now: Date): boolean {
  const clock = (timeZone: string) => formatter(timeZone, "longOffset").format(now);
  return a === b || clock(a) === clock(b);
}

/**
 * The note beside a client's times: the salon's zone always; when the visitor's device is set to a
 * zone with another clock, which one, so the times are not read as the device's.
 */
export function timeZoneNote(salonZone: string, visitorZone?: string, now: Date = new Date()): string {
  const salon = timeZoneName(salonZone, now);
  if (!visitorZone || sameClock(salonZone, visitorZone, now)) return `Times are in ${salon}, the salon's time zone.`;
  return `Times are in ${salon}, the salon's time zone. Your device is set to ${timeZoneName(visitorZone, now)}.`;
}
