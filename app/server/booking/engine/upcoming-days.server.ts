import {
  addLocalDays,
  dayClock,
  localDate,
  parseLocalDate,
  visitSlots,
  type VisitPart,
} from "~/lib/booking/availability";
import type { ServiceOption } from "~/lib/booking/service-options";
import type { BookingSettings } from "~/lib/booking/settings";
import type { ContentService } from "../../content/content.server";
import type { DbOrTx } from "../../db/database.server";
import { findBookableService, type BookableService } from "./catalog.server";
import { bookableResources, busyFor, staffRoster } from "./resources.server";
import { loadBookingRules } from "../model.server";

const DAY = 24 * 3_600_000;

export interface UpcomingDay {
  date: string;
  /** Closed (weekday or closure), with the reason; otherwise the free start times, ISO with offset. */
  closed: boolean;
  reason?: string;
  slots: string[];
}

/** Someone a client may choose for the service. */
export interface BookablePerson {
  id: number;
  name: string;
}

export interface BookingCalendar {
  service: BookableService;
  option: ServiceOption;
  /** The active staff who do the service, in display order (empty until the salon adds staff). */
  people: BookablePerson[];
  /** The person whose times are shown, or null: anyone who does the service. */
  staffId: number | null;
  timeZone: string;
  settings: BookingSettings;
  days: UpcomingDay[];
  /** The chosen day (asked for, else the first with a free time), with its times. */
  selected: UpcomingDay | null;
  /** False when the salon has active staff and none of them does the service: no days, no times. */
  bookable: boolean;
}

/**
 * The booking page's calendar: `count` days with their free times for one option (and one person,
 * when asked for one who does the service), read with one query for everyone's bookings, and the
 * day the visitor asked for (which may lie beyond them, within the booking window). The days start
 * at the first one with a time to offer: closed days before it, and today once none of its times is
 * left, are not shown.
 */
export async function bookingCalendar(
  db: DbOrTx,
  content: ContentService,
  query: {
    service: string;
    option?: string | null;
    date?: string | null;
    staffId?: number | null;
    count?: number;
    now?: number;
    /** A visit's further services after the first, each for anyone or its chosen person. */
    more?: { service: string; option: string; staffId?: number | null }[];
  },
): Promise<BookingCalendar | null> {
  const service = await findBookableService(content, query.service);
  if (!service) return null;
  const option = service.options.find((o) => o.name === query.option) ?? service.options[0];
  const now = query.now ?? Date.now();
  const [{ rules, settings }, roster] = await Promise.all([loadBookingRules(db, content), staffRoster(db)]);
  const everyone = bookableResources(roster, service.id);
  const people = everyone.flatMap((r) => (r.staffId === null ? [] : [{ id: r.staffId, name: r.name }]));
  const staffId = people.some((p) => p.id === query.staffId) ? (query.staffId ?? null) : null;
  const resources = staffId === null ? everyone : bookableResources(roster, service.id, staffId);
  const base = { service, option, people, staffId, timeZone: rules.timeZone, settings };
  if (resources.length === 0) return { ...base, days: [], selected: null, bookable: false };
  const parts: VisitPart[] = [{ durationMinutes: option.durationMinutes, processing: option.processing, resources }];
  for (const more of query.more ?? []) {
    const other = await findBookableService(content, more.service);
    const otherOption = other?.options.find((o) => o.name === more.option);
    if (!other || !otherOption) continue;
    const doers = bookableResources(roster, other.id, more.staffId);
    parts.push({ durationMinutes: otherOption.durationMinutes, processing: otherOption.processing, resources: doers });
  }
  const today = localDate(now, rules.timeZone);
  const lastDay = addLocalDays(today, rules.windowDays);
  const count = query.count ?? 14;
  // A week more than shown, so the strip still has `count` days after the closed ones it skips.
  const strip = Array.from({ length: count + 7 }, (_, i) => addLocalDays(today, i)).filter((d) => d <= lastDay);
  const asked =
    query.date && parseLocalDate(query.date) && query.date >= today && query.date <= lastDay ? query.date : null;
  const dates = asked && !strip.includes(asked) ? [...strip, asked] : strip;

  const from = Date.parse(`${dates[0]}T00:00:00Z`) - DAY;
  const to = Date.parse(`${dates.at(-1)}T00:00:00Z`) + 2 * DAY;
  const busy = await busyFor(db, roster, [...new Set(parts.flatMap((p) => p.resources.map((r) => r.id)))], from, to, {
    rules,
  });
  const days = dates.map((date): UpcomingDay => {
    const clock = dayClock(date, rules.timeZone);
    const day = visitSlots({ rules, date, parts, busy, now, clock });
    return day.closed
      ? { date, closed: true, reason: day.reason, slots: [] }
      : { date, closed: false, slots: day.slots.map((s) => clock.iso(s.start)) };
  });
  const stripDays = days.slice(0, strip.length);
  const firstOpen = stripDays.findIndex((d) => !d.closed && (d.date !== today || d.slots.length > 0));
  const shown = stripDays.slice(Math.max(firstOpen, 0)).slice(0, count);
  const selected = (asked ? days.find((d) => d.date === asked) : shown.find((d) => d.slots.length > 0)) ?? null;
  return { ...base, days: shown, selected, bookable: true };
}
