import { dayClock, parseLocalDate, visitSlots, type VisitPart } from "~/lib/booking/availability";
import type { BookingPart, Processing } from "~/lib/booking/parts";
import type { ContentService } from "../../content/content.server";
import type { DbOrTx } from "../../db/database.server";
import { findBookableService, notBookableMessage, type BookableService } from "./catalog.server";
import { bookableResources, busyFor, staffRoster, type BookableResource } from "./resources.server";
import { loadBookingRules } from "../model.server";

const DAY = 24 * 3_600_000;

/** The answer of GET /api/availability, and what the booking page lists. */
export interface DayAvailabilityAnswer {
  date: string;
  timeZone: string;
  closed: boolean;
  /** Why the day is closed ("Closed", or a closure's label). */
  reason?: string;
  /**
   * Each free start time with the staff free for the (first) service; for a visit of several
   * services also each part's start and the staff free for it.
   */
  slots: { start: string; staff: number[]; parts?: { start: string; staff: number[] }[] }[];
  /** Present when nobody active does the service: what to tell the visitor instead of times. */
  unavailable?: string;
}

export class AvailabilityQueryError extends Error {}

/** A further service of a visit, after the first: its option and, if chosen, its person. */
export interface VisitPartQuery {
  service: string;
  option?: string;
  staffId?: number | null;
}

/** The most services one visit may hold. */
export const MAX_VISIT_PARTS = 4;

/**
 * Free start times of one service option on one local date, for anyone or one person; with `more`,
 * of a visit of several services back to back (each for anyone or its chosen person).
 */
export async function dayAvailability(
  db: DbOrTx,
  content: ContentService,
  query: {
    service: string;
    date: string;
    option?: string;
    staffId?: number | null;
    /** The visit's further services, in order. */
    more?: VisitPartQuery[];
    now?: number;
    /** A booking being moved: its own length and processing, and its own time counts as free. */
    durationMinutes?: number;
    processing?: Processing;
    /** A visit being moved: its later parts, kept with their people. */
    laterParts?: BookingPart[];
    excludeBookingId?: number;
  },
): Promise<DayAvailabilityAnswer & { service: BookableService }> {
  const service = await findBookableService(content, query.service);
  if (!service) throw new AvailabilityQueryError("Unknown service.");
  if (!parseLocalDate(query.date)) throw new AvailabilityQueryError("Give the date as YYYY-MM-DD.");
  if ((query.more?.length ?? 0) + 1 > MAX_VISIT_PARTS)
    throw new AvailabilityQueryError(`Book at most ${MAX_VISIT_PARTS} services in one visit.`);
  const option = query.option ? service.options.find((o) => o.name === query.option) : service.options[0];
  const durationMinutes = query.durationMinutes ?? option?.durationMinutes;
  if (durationMinutes === undefined) throw new AvailabilityQueryError("Unknown option for this service.");
  const processing = query.durationMinutes === undefined ? option?.processing : query.processing;

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
  const parts: (Omit<VisitPart, "resources"> & { resources: BookableResource[] })[] = [
    { durationMinutes, processing, resources },
  ];
  for (const more of query.more ?? []) {
    const other = await findBookableService(content, more.service);
    if (!other) throw new AvailabilityQueryError("Unknown service.");
    const otherOption = more.option ? other.options.find((o) => o.name === more.option) : other.options[0];
    if (!otherOption) throw new AvailabilityQueryError("Unknown option for this service.");
    const people = bookableResources(roster, other.id, more.staffId);
    if (people.length === 0 && more.staffId == null)
      return {
        service,
        date: query.date,
        timeZone: rules.timeZone,
        closed: false,
        slots: [],
        unavailable: await notBookableMessage(content, other),
      };
    parts.push({ durationMinutes: otherOption.durationMinutes, processing: otherOption.processing, resources: people });
  }
  for (const part of query.laterParts ?? [])
    parts.push({
      durationMinutes: part.durationMinutes,
      processing: part.processing,
      resources: [{ id: part.resource, staffId: part.staffId, name: "" }],
    });

  const now = query.now ?? Date.now();
  const clock = dayClock(query.date, rules.timeZone);
  // Every time offered lies within the date's working hours, so only what touches the date (with
  // the buffer on either side) can be in the way: reading just that keeps the busiest days quick.
  // A date whose midnight the clock skips is read from two days either side of its UTC noon.
  const noon = Date.parse(`${query.date}T12:00:00Z`);
  const bufferMs = rules.bufferMinutes * 60_000;
  const busy = await busyFor(
    db,
    roster,
    [...new Set(parts.flatMap((p) => p.resources.map((r) => r.id)))],
    clock.start === null ? noon - 2 * DAY : clock.start - bufferMs,
    clock.end === null ? noon + 2 * DAY : clock.end + bufferMs,
    { rules, excludeBookingId: query.excludeBookingId },
  );
  const day = visitSlots({ rules, date: query.date, parts, busy, now, clock });
  const staffOf = new Map(parts.flatMap((p) => p.resources.map((r) => [r.id, r.staffId] as const)));
  const staff = (ids: string[]) => ids.map((id) => staffOf.get(id)).filter((id): id is number => id != null);
  const visit = parts.length > 1 && !query.laterParts?.length;
  return {
    service,
    date: query.date,
    timeZone: rules.timeZone,
    closed: day.closed,
    ...(day.closed ? { reason: day.reason } : {}),
    slots: day.slots.map((s) => {
      let at = s.start;
      return {
        start: clock.iso(s.start),
        staff: staff(s.parts[0]),
        ...(visit
          ? {
              parts: s.parts.map((ids, i) => {
                const part = { start: clock.iso(at), staff: staff(ids) };
                at += parts[i].durationMinutes * 60_000;
                return part;
              }),
            }
          : {}),
      };
    }),
  };
}
