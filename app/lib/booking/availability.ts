import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, formatISO } from "date-fns";
import { localDate } from "~/lib/dates";
import type { Busy } from "./busy";
import { heldStretches, type Processing } from "./parts";

/**
 * Which start times a service can be booked at on one day, as pure logic: the caller loads the
 * rules, the people (or the one "chair") who can do the service and what they are already busy
 * with. Times are walked on the salon's wall clock (so "opens at 9" is 9:00 local on every day,
 * daylight saving or not) and compared as UTC instants (so a 45-minute appointment lasts 45 real
 * minutes, even across a clock change).
 */

/** Minutes after local midnight, e.g. 9:30 → 570. */
export type Minutes = number;

/** An opening interval on the wall clock: [opens, closes). */
export interface WallInterval {
  opens: Minutes;
  closes: Minutes;
}

/** Opening intervals per weekday, Sunday first (index = `Date#getDay()`); empty = closed. */
export type WeeklyHours = WallInterval[][];

/** A closure on local calendar dates, both ends inclusive, "YYYY-MM-DD". */
export interface Closure {
  from: string;
  to: string;
  label: string;
}

export interface BookingRules {
  timeZone: string;
  hours: WeeklyHours;
  closures: Closure[];
  /** No start earlier than this many minutes from now. */
  leadMinutes: number;
  /** No start on a local date more than this many days after today. */
  windowDays: number;
  /** Start times are offered every this many minutes from opening. */
  stepMinutes: number;
  /** Kept free after every appointment. */
  bufferMinutes: number;
  /** A request unanswered this many hours after it was made no longer holds its time. */
  requestExpiryHours?: number;
}

/** Someone (or the one chair) who can do the service. */
export interface Resource {
  id: string;
  /** Their own working hours, within the salon's; absent = the salon's hours. */
  hours?: WeeklyHours;
}

export interface Slot {
  /** Epoch milliseconds. */
  start: number;
  /** The resources free for the whole appointment, in the order given. */
  resources: string[];
}

export type DayAvailability = { closed: true; reason: string; slots: [] } | { closed: false; slots: Slot[] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

/** "2026-12-01" → its parts, or null when it is not a real calendar date. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export { localDate };

/** The instant as ISO 8601 with the zone's offset, e.g. "2026-12-01T09:00:00-06:00". */
export function isoInZone(instant: number, timeZone: string): string {
  return formatISO(new TZDate(instant, timeZone));
}

/** The local date `days` after `date`. */
export function addLocalDays(date: string, days: number): string {
  const parts = parseLocalDate(date);
  if (!parts) throw new RangeError(`Not a date: ${date}`);
  return formatISO(addDays(new Date(parts.year, parts.month - 1, parts.day), days), { representation: "date" });
}

/**
 * The instant a wall-clock time happens on a local date, or null when the clock skips it (the
 * hour lost when daylight saving starts). When the clock repeats a time, its first occurrence.
 */
export function wallClockInstant(date: string, minutes: Minutes, timeZone: string): number | null {
  const parts = parseLocalDate(date);
  if (!parts) return null;
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  // A full-day interval closes at 24:00: that is midnight of the next day.
  if (hour >= 24) {
    return wallClockInstant(addLocalDays(date, 1), minutes - 24 * 60, timeZone);
  }
  const instant = new TZDate(parts.year, parts.month - 1, parts.day, hour, minute, timeZone);
  // TZDate moves a skipped time forward; the round trip tells.
  if (instant.getHours() !== hour || instant.getMinutes() !== minute || instant.getDate() !== parts.day) return null;
  // East of UTC, TZDate gives the repeat of a time the clock goes back over: the first occurrence
  // is earlier by the offset the clock gave back within the last hours.
  const givenBack = tzOffset(timeZone, new Date(instant.getTime() - 3 * 60 * MINUTE)) - tzOffset(timeZone, instant);
  if (givenBack > 0) {
    const first = new TZDate(instant.getTime() - givenBack * MINUTE, timeZone);
    if (first.getHours() === hour && first.getMinutes() === minute) return first.getTime();
  }
  return instant.getTime();
}

/**
 * One local date's wall clock in a zone, looked up once: on a day without a clock change every
 * wall-clock minute is the day's first instant plus that many minutes, and every instant of the
 * day is written with the day's one offset. A day with a change falls back to the zone lookups.
 */
export interface DayClock {
  date: string;
  /** The day's first instant and the next day's (null when the clock skips a midnight). */
  start: number | null;
  end: number | null;
  /** Like wallClockInstant(date, minutes, timeZone). */
  instant(minutes: Minutes): number | null;
  /** Like isoInZone(instant, timeZone). */
  iso(instant: number): string;
}

const HOUR = 60 * MINUTE;
const pad = (n: number) => String(n).padStart(2, "0");

// A zone's midnights never change while the process runs: each is looked up once.
const midnights = new Map<string, number | null>();

function midnight(date: string, timeZone: string): number | null {
  const key = `${timeZone}|${date}`;
  let instant = midnights.get(key);
  if (instant === undefined) {
    if (midnights.size >= 4096) midnights.clear();
    instant = wallClockInstant(date, 0, timeZone);
    midnights.set(key, instant);
  }
  return instant;
}

const utcDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

type LocalDay = Readonly<{ date: string; start: number; end: number }>;

// The local days around each UTC day, by zone: null where the clock skips a midnight.
const daysAround = new Map<string, (LocalDay | null)[]>();

/**
 * The local day an instant falls on, with its bounds, from the cached midnights: pages ask it for
 * thousands of instants (a week's calendar, a client's history), and a zone lookup costs tens of
 * microseconds. The local date is the UTC date or one either side of it (no zone is a day off
 * UTC). Null near a midnight the clock skips: ask `localDate` then.
 */
export function localDayOf(instant: number, timeZone: string): LocalDay | null {
  if (!Number.isFinite(instant) || Math.abs(instant) > 8.6e15) return null;
  const utcDay = Math.floor(instant / DAY_MS);
  const key = `${timeZone}|${utcDay}`;
  let days = daysAround.get(key);
  if (days === undefined) {
    if (daysAround.size >= 4096) daysAround.clear();
    days = [utcDay - 1, utcDay, utcDay + 1].map((day) => {
      const date = utcDate(day * DAY_MS);
      const start = midnight(date, timeZone);
      const end = midnight(utcDate((day + 1) * DAY_MS), timeZone);
      return start === null || end === null ? null : { date, start, end };
    });
    daysAround.set(key, days);
  }
  for (const day of days) {
    if (day === null) return null;
    if (day.start <= instant && instant < day.end) return day;
  }
  return null;
}

export function dayClock(date: string, timeZone: string): DayClock {
  const parts = parseLocalDate(date);
  const start = parts ? midnight(date, timeZone) : null;
  const end = parts ? midnight(addLocalDays(date, 1), timeZone) : null;
  const slow: DayClock = {
    date,
    start,
    end,
    instant: (minutes) => wallClockInstant(date, minutes, timeZone),
    iso: (instant) => isoInZone(instant, timeZone),
  };
  if (!parts || start === null || end === null || end - start !== 24 * HOUR) return slow;
  const offset = Date.UTC(parts.year, parts.month - 1, parts.day) - start;
  const abs = Math.abs(offset) / MINUTE;
  const suffix = offset === 0 ? "Z" : `${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return {
    date,
    start,
    end,
    instant: (minutes) => (minutes >= 0 && minutes <= 24 * 60 ? start + minutes * MINUTE : slow.instant(minutes)),
    iso: (instant) => {
      if (instant < start || instant >= end || instant % 1000 !== 0) return slow.iso(instant);
      const wall = new Date(instant + offset);
      return `${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${suffix}`;
    },
  };
}

// "Today" stays the same local date until the next midnight.
let today = { timeZone: "", date: "", start: 0, end: 0 };

function todayIn(now: number, timeZone: string): string {
  if (today.timeZone !== timeZone || now < today.start || now >= today.end) {
    const date = localDate(now, timeZone);
    const clock = dayClock(date, timeZone);
    // A day whose midnight the clock skips is looked up each time.
    today = { timeZone, date, start: clock.start ?? now, end: clock.end ?? now };
  }
  return today.date;
}

export function weekdayOf(date: string): number {
  const parts = parseLocalDate(date);
  if (!parts) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
}

/** The closure that covers the date, if any. */
export function closureOn(date: string, closures: Closure[]): Closure | undefined {
  return closures.find((c) => c.from <= date && date <= c.to);
}

/**
 * Why the salon is closed on a local date: a closure's label (or "Closed" for one without), or
 * "Closed" on a weekday without opening hours; null when it opens that day.
 */
export function closedReason(rules: Pick<BookingRules, "hours" | "closures">, date: string): string | null {
  const closure = closureOn(date, rules.closures);
  if (closure) return closure.label || "Closed";
  return (rules.hours[weekdayOf(date)] ?? []).length === 0 ? "Closed" : null;
}

/** Intersection of two sorted interval lists on the wall clock. */
function intersect(a: WallInterval[], b: WallInterval[]): WallInterval[] {
  const out: WallInterval[] = [];
  for (const x of a)
    for (const y of b) {
      const opens = Math.max(x.opens, y.opens);
      const closes = Math.min(x.closes, y.closes);
      if (opens < closes) out.push({ opens, closes });
    }
  return out.sort((p, q) => p.opens - q.opens);
}

/**
 * Is [start, end) clear of everything the resource is busy with (appointments with the buffer
 * after them)? `end` includes the new appointment's own buffer.
 */
export function isFree(start: number, end: number, busy: Busy[], bufferMs: number): boolean {
  for (const b of busy) {
    const bEnd = b.appointment ? b.end + bufferMs : b.end;
    if (start < bEnd && b.start < end) return false;
  }
  return true;
}

export interface DayQuery {
  rules: BookingRules;
  /** Local date, "YYYY-MM-DD". */
  date: string;
  durationMinutes: number;
  /** The option's processing time, when its person is free for others (see parts.ts). */
  processing?: Processing;
  resources: Resource[];
  busy: Busy[];
  now: number;
  /** The date's clock in the rules' zone, when the caller already has it. */
  clock?: DayClock;
}

/** Is the resource free for every stretch a part would hold of it (each with the buffer after it)? */
export function isFreeFor(
  resourceId: string,
  start: number,
  durationMinutes: number,
  processing: Processing | undefined,
  busy: Busy[],
  bufferMs: number,
): boolean {
  for (const [from, to] of heldStretches(resourceId, start, durationMinutes, processing))
    if (!isFree(from, to + bufferMs, busy, bufferMs)) return false;
  return true;
}

/** Every start time on the date at which at least one resource is free for the whole appointment. */
export function availableSlots(query: DayQuery): DayAvailability {
  const { rules, date, durationMinutes, resources, now } = query;
  if (!parseLocalDate(date)) return { closed: true, reason: "Not a date.", slots: [] };
  const reason = closedReason(rules, date);
  if (reason) return { closed: true, reason, slots: [] };
  const salonHours = rules.hours[weekdayOf(date)];

  const today = todayIn(now, rules.timeZone);
  if (date < today || date > addLocalDays(today, rules.windowDays)) return { closed: false, slots: [] };

  const clock = query.clock?.date === date ? query.clock : dayClock(date, rules.timeZone);
  const durationMs = durationMinutes * MINUTE;
  const bufferMs = rules.bufferMinutes * MINUTE;
  const earliest = now + rules.leadMinutes * MINUTE;
  const busyBy = new Map<string, Busy[]>(resources.map((r) => [r.id, []]));
  // Only what can touch the day (a window's bookings are passed for every one of its days).
  const from = (clock.start ?? Number.NEGATIVE_INFINITY) - bufferMs - DAY_MS;
  const to = (clock.end ?? Number.POSITIVE_INFINITY) + DAY_MS;
  for (const b of query.busy) if (b.end + bufferMs > from && b.start < to) busyBy.get(b.resourceId)?.push(b);

  const byStart = new Map<number, string[]>();
  for (const resource of resources) {
    for (const interval of workingHours(salonHours, resource, date)) {
      const closes = clock.instant(interval.closes) ?? closingAfterGap(date, interval, rules);
      for (let wall = interval.opens; wall < interval.closes; wall += rules.stepMinutes) {
        const start = clock.instant(wall);
        if (start === null || start < earliest) continue;
        const end = start + durationMs;
        if (end > closes) break;
        const own = busyBy.get(resource.id) ?? [];
        if (!isFreeFor(resource.id, start, durationMinutes, query.processing, own, bufferMs)) continue;
        const free = byStart.get(start);
        if (free) {
          if (!free.includes(resource.id)) free.push(resource.id);
        } else byStart.set(start, [resource.id]);
      }
    }
  }
  const order = new Map(resources.map((r, i) => [r.id, i]));
  const slots = [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, ids]) => ({ start, resources: ids.sort((a, b) => order.get(a)! - order.get(b)!) }));
  return { closed: false, slots };
}

function workingHours(salonHours: WallInterval[], resource: Resource, date: string): WallInterval[] {
  return resource.hours ? intersect(salonHours, resource.hours[weekdayOf(date)] ?? []) : salonHours;
}

/** One service of a visit: its length, its processing and who can do it. */
export interface VisitPart {
  durationMinutes: number;
  processing?: Processing;
  resources: Resource[];
}

export interface VisitQuery extends Omit<DayQuery, "durationMinutes" | "processing" | "resources"> {
  /** The services in the order the client chose, done back to back. */
  parts: VisitPart[];
}

export interface VisitSlot {
  /** Epoch milliseconds: the first part's start. */
  start: number;
  /** For each part, the resources free for it, in the order given. */
  parts: string[][];
}

export type VisitAvailability = { closed: true; reason: string; slots: [] } | { closed: false; slots: VisitSlot[] };

/**
 * Every start time on the date at which the whole visit fits: each part, back to back, has
 * someone free for it within their hours (the same person may do several parts). Start times
 * are those the first part's people are offered.
 */
export function visitSlots(query: VisitQuery): VisitAvailability {
  const { rules, date, parts } = query;
  const first = availableSlots({ ...query, ...parts[0] });
  if (first.closed || parts.length === 1)
    return first.closed
      ? first
      : { closed: false, slots: first.slots.map((s) => ({ start: s.start, parts: [s.resources] })) };
  const salonHours = rules.hours[weekdayOf(date)];
  const clock = query.clock?.date === date ? query.clock : dayClock(date, rules.timeZone);
  const bufferMs = rules.bufferMinutes * MINUTE;
  const from = (clock.start ?? Number.NEGATIVE_INFINITY) - bufferMs - DAY_MS;
  const to = (clock.end ?? Number.POSITIVE_INFINITY) + DAY_MS;
  const busyBy = new Map<string, Busy[]>();
  for (const b of query.busy) {
    if (b.end + bufferMs <= from || b.start >= to) continue;
    const list = busyBy.get(b.resourceId);
    if (list) list.push(b);
    else busyBy.set(b.resourceId, [b]);
  }
  // Each later part's people, with the instants of their working intervals that day.
  const later = parts.slice(1).map((part) => ({
    part,
    people: part.resources.map((resource) => ({
      resource,
      open: workingHours(salonHours, resource, date).flatMap((interval) => {
        const opens = clock.instant(interval.opens);
        const closes = clock.instant(interval.closes) ?? closingAfterGap(date, interval, rules);
        return opens === null ? [] : [[opens, closes] as const];
      }),
    })),
  }));
  const slots: VisitSlot[] = [];
  for (const slot of first.slots) {
    const chosen: string[][] = [slot.resources];
    let at = slot.start + parts[0].durationMinutes * MINUTE;
    for (const { part, people } of later) {
      const end = at + part.durationMinutes * MINUTE;
      const free = people
        .filter(
          ({ resource, open }) =>
            open.some(([opens, closes]) => opens <= at && end <= closes) &&
            isFreeFor(resource.id, at, part.durationMinutes, part.processing, busyBy.get(resource.id) ?? [], bufferMs),
        )
        .map(({ resource }) => resource.id);
      if (free.length === 0) break;
      chosen.push(free);
      at = end;
    }
    if (chosen.length === parts.length) slots.push({ start: slot.start, parts: chosen });
  }
  return { closed: false, slots };
}

/** A closing time inside the skipped hour: the first minute after it that exists. */
function closingAfterGap(date: string, interval: WallInterval, rules: BookingRules): number {
  for (let wall = interval.closes + 1; wall <= interval.closes + 180; wall++) {
    const at = wallClockInstant(date, wall, rules.timeZone);
    if (at !== null) return at;
  }
  throw new RangeError(`No closing time for ${date}`);
}
