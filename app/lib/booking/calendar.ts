import { TZDate } from "@date-fns/tz";
import { addLocalDays, localDate, localDayOf, parseLocalDate, weekdayOf, type WeeklyHours } from "./availability";
import type { BookingSource, BookingStatus } from "./model";

/**
 * The front desk's calendar as pure logic: which days a view shows, where an appointment sits on
 * the day's time axis (the salon's wall clock), and the query string that names a view.
 */

export type BookingKind = "appointment" | "block";
export type { BookingStatus };

/** A column of the calendar: a person, or (until the salon adds staff) a service's chair. */
export interface CalendarResource {
  key: string;
  name: string;
  staffId: number | null;
}

/** A booking or block as the admin screen shows it. */
export interface CalendarEntry {
  id: number;
  kind: BookingKind;
  resource: string;
  staff: string;
  status: BookingStatus;
  source: BookingSource;
  service: string;
  option: string;
  price: string;
  startsAt: string;
  endsAt: string;
  requestedStartsAt: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
  reason: string;
  createdAt: string;
  /** When it last changed: a request lapses counting from it (model.ts, lapsesAt). */
  updatedAt: string;
  /** "", "no_show" or "late_cancellation" (model.ts, bookingOutcome). */
  outcome: string;
  /** The client it belongs to (their page is /admin/clients/{id}); null for a block or an erased client. */
  clientId?: number | null;
  /** Which service of a visit this is (0 for a booking of one service), and of how many. */
  part: number;
  parts: number;
  /** While the colour processes its person is free for others: shown lighter, marked "processing". */
  processing: { startsAt: string; endsAt: string } | null;
  /** The opened booking's services, each at its time with its person (a visit, or a colour with processing). */
  visit?: Pick<CalendarEntry, "service" | "option" | "staff" | "startsAt" | "endsAt" | "processing">[];
}

export type CalendarView = "day" | "week";

export interface CalendarQuery {
  view: CalendarView;
  date: string;
  /** The booking whose details are open. */
  booking: number | null;
}

/** ?view=day|week&date=YYYY-MM-DD&booking=ID, each falling back to a sane default. */
export function parseCalendarQuery(params: URLSearchParams, today: string): CalendarQuery {
  const view = params.get("view") === "week" ? "week" : "day";
  const asked = params.get("date") ?? "";
  const date = parseLocalDate(asked) ? asked : today;
  const id = Number(params.get("booking"));
  return { view, date, booking: Number.isInteger(id) && id > 0 ? id : null };
}

export function calendarSearch(query: { view: CalendarView; date: string; booking?: number | null }): string {
  const params = new URLSearchParams({ view: query.view, date: query.date });
  if (query.booking) params.set("booking", String(query.booking));
  return `?${params.toString()}`;
}

/** The days a view shows: the date itself, or its week from Monday to Sunday. */
export function viewDays(view: CalendarView, date: string): string[] {
  if (view === "day") return [date];
  const monday = addLocalDays(date, -((weekdayOf(date) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addLocalDays(monday, i));
}

/** The dates the previous and next links open. */
export function stepDates(view: CalendarView, date: string): { previous: string; next: string } {
  const step = view === "day" ? 1 : 7;
  return { previous: addLocalDays(date, -step), next: addLocalDays(date, step) };
}

/** Minutes after the local midnight of `date` at which the instant falls, clamped to the day. */
export function minuteOfDay(instant: string | number, date: string, timeZone: string): number {
  const at = typeof instant === "number" ? instant : Date.parse(instant);
  const fast = localDayOf(at, timeZone);
  // A day of 24 hours has one offset: its wall clock is the minutes since its midnight.
  if (fast && fast.end - fast.start === 24 * 60 * 60_000) {
    if (fast.date < date) return 0;
    if (fast.date > date) return 24 * 60;
    return Math.floor((at - fast.start) / 60_000);
  }
  const day = localDate(at, timeZone);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  const local = new TZDate(at, timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** The local date of an instant, from the cached midnights where it can. */
const dateOf = (instant: number, timeZone: string) =>
  localDayOf(instant, timeZone)?.date ?? localDate(instant, timeZone);

export interface TimeAxis {
  /** Minutes after midnight of the first and last full hours shown. */
  start: number;
  end: number;
}

/**
 * The hours the calendar shows: the salon's opening hours on the days in view, widened to every
 * appointment on them; 9 to 6 when nothing is open.
 */
export function timeAxis(days: string[], hours: WeeklyHours, entries: CalendarEntry[], timeZone: string): TimeAxis {
  let start = Infinity;
  let end = -Infinity;
  for (const day of days) {
    for (const interval of hours[weekdayOf(day)] ?? []) {
      start = Math.min(start, interval.opens);
      end = Math.max(end, interval.closes);
    }
  }
  for (const entry of entries) {
    const startsAt = Date.parse(entry.startsAt);
    const endsAt = Date.parse(entry.endsAt);
    // Only the days from its first to its last: on any other its minutes clamp to nothing.
    const first = dateOf(startsAt, timeZone);
    const last = dateOf(endsAt, timeZone);
    for (const day of days) {
      if (day < first || day > last) continue;
      const from = minuteOfDay(startsAt, day, timeZone);
      const to = minuteOfDay(endsAt, day, timeZone);
      if (to <= from) continue;
      start = Math.min(start, from);
      end = Math.max(end, to);
    }
  }
  if (!Number.isFinite(start)) return { start: 9 * 60, end: 18 * 60 };
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** Where an entry sits in a day's column, in percent of the axis; null when not on that day. */
export function placement(
  entry: Pick<CalendarEntry, "startsAt" | "endsAt">,
  day: string,
  axis: TimeAxis,
  timeZone: string,
): { top: number; height: number } | null {
  const from = Math.max(minuteOfDay(entry.startsAt, day, timeZone), axis.start);
  const to = Math.min(minuteOfDay(entry.endsAt, day, timeZone), axis.end);
  if (to <= from) return null;
  const span = axis.end - axis.start;
  return { top: ((from - axis.start) / span) * 100, height: ((to - from) / span) * 100 };
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  requested: "Requested",
  proposed: "Waiting for the client",
  confirmed: "Confirmed",
  offered: "Offered from the waiting list",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};

export const clientName = (e: Pick<CalendarEntry, "firstName" | "lastName">) => `${e.firstName} ${e.lastName}`.trim();

/** "Hair — Women's Haircut" (the option only when it says more than the service). */
export const serviceLine = (e: Pick<CalendarEntry, "service" | "option">) =>
  e.option && e.option !== e.service ? `${e.service} — ${e.option}` : e.service;

/** Where the processing sits within the entry's box, in percent of its height; null without. */
export function processingBand(
  entry: Pick<CalendarEntry, "startsAt" | "endsAt" | "processing">,
): { top: number; height: number } | null {
  if (!entry.processing) return null;
  const start = Date.parse(entry.startsAt);
  const length = Date.parse(entry.endsAt) - start;
  if (length <= 0) return null;
  const from = Math.max(0, Date.parse(entry.processing.startsAt) - start);
  const to = Math.min(length, Date.parse(entry.processing.endsAt) - start);
  return to > from ? { top: (from / length) * 100, height: ((to - from) / length) * 100 } : null;
}

/**
 * Side by side where times overlap (a week's day column holds everyone's appointments): each item
 * gets a lane, and the number of lanes of the group of overlapping items it belongs to.
 */
export function layoutLanes<K extends number | string>(
  items: { id: K; start: number; end: number }[],
): Map<K, { lane: number; lanes: number }> {
  const out = new Map<K, { lane: number; lanes: number }>();
  const sorted = [...items].sort(
    (a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let group: { id: K; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const g of group) out.set(g.id, { lane: g.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    group.push({ id: item.id, lane });
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
  return out;
}
