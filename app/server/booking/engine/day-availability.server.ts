import { availableSlots, dayClock, parseLocalDate } from "~/lib/booking/availability";
import type { ContentService } from "../../content/content.server";
import type { DbOrTx } from "../../db/database.server";
import { findBookableService, notBookableMessage, type BookableService } from "./catalog.server";
import { bookableResources, busyFor, staffRoster } from "./resources.server";
import { loadBookingRules } from "../model.server";

const DAY = 24 * 3_600_000;

/** The answer of GET /api/availability, and what the booking page lists. */
export interface DayAvailabilityAnswer {
  date: string;
  timeZone: string;
  closed: boolean;
  /** Why the day is closed ("Closed", or a closure's label). */
  reason?: string;
  slots: { start: string; staff: number[] }[];
  /** Present when nobody active does the service: what to tell the visitor instead of times. */
  unavailable?: string;
}

export class AvailabilityQueryError extends Error {}

/** Free start times of one service option on one local date, for anyone or one person. */
export async function dayAvailability(
  db: DbOrTx,
  content: ContentService,
  query: {
    service: string;
    date: string;
    option?: string;
    staffId?: number | null;
    now?: number;
    /** A booking being moved: its own length, and its own time counts as free. */
    durationMinutes?: number;
    excludeBookingId?: number;
  },
): Promise<DayAvailabilityAnswer & { service: BookableService }> {
  const service = await findBookableService(content, query.service);
  if (!service) throw new AvailabilityQueryError("Unknown service.");
  if (!parseLocalDate(query.date)) throw new AvailabilityQueryError("Give the date as YYYY-MM-DD.");
  const option = query.option ? service.options.find((o) => o.name === query.option) : service.options[0];
  const durationMinutes = query.durationMinutes ?? option?.durationMinutes;
  if (durationMinutes === undefined) throw new AvailabilityQueryError("Unknown option for this service.");

  const { rules } = await loadBookingRules(db, content);
  const roster = await staffRoster(db);
  const resources = bookableResources(roster, service.id, query.staffId);
  if (resources.length === 0 && query.staffId == null)
    return {
      service,
      date: query.date,
      timeZone: rules.timeZone,
      closed: false,
      slots: [],
      unavailable: await notBookableMessage(content, service),
    };
  const now = query.now ?? Date.now();
  // Every instant of the local date lies within a day of its UTC noon.
  const noon = Date.parse(`${query.date}T12:00:00Z`);
  const busy = await busyFor(
    db,
    roster,
    resources.map((r) => r.id),
    noon - 2 * DAY,
    noon + 2 * DAY,
    { rules, excludeBookingId: query.excludeBookingId },
  );
  const clock = dayClock(query.date, rules.timeZone);
  const day = availableSlots({ rules, date: query.date, durationMinutes, resources, busy, now, clock });
  const staffOf = new Map(resources.map((r) => [r.id, r.staffId]));
  return {
    service,
    date: query.date,
    timeZone: rules.timeZone,
    closed: day.closed,
    ...(day.closed ? { reason: day.reason } : {}),
    slots: day.slots.map((s) => ({
      start: clock.iso(s.start),
      staff: s.resources.map((id) => staffOf.get(id)).filter((id): id is number => id != null),
    })),
  };
}
