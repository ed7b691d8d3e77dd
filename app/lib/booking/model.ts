import { BOOKING_SERVICES } from "~/content/bookings";
import { SUITE_TOUR } from "~/content/suite-tour";
import { addLocalDays, closedReason, localDate, localDayOf, wallClockInstant, type BookingRules } from "./availability";
import { bookingParts, type BookingPart } from "./parts";

/**
 * The booking module's words, shared by the server and the browser: a booking's statuses and the
 * changes between them, the keys of the rows a claimed time locks, the titles and the refusals a
 * visitor reads. A new booking rule starts here (its words) and lives in app/server/booking/engine.
 */

export const BOOKING_STATUSES = [
  "requested",
  "proposed",
  "confirmed",
  "offered",
  "declined",
  "cancelled",
  "expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * How a booking came: "online" (the site or the API), "staff" (made in the admin for a client on the
 * phone) or "walk_in" (the front desk's walk-in button: the next free time from now). Reports count
 * bookings by it.
 */
export const BOOKING_SOURCES = ["online", "staff", "walk_in"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** How the admin names a booking's source. */
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  online: "Online",
  staff: "By the salon",
  walk_in: "Walk-in",
};

/**
 * Statuses whose booking keeps its time from others. "offered": a freed time held for the first in
 * line on the waiting list (app/server/booking/waitlist) until they take it, decline it or the hold lapses.
 */
export const HOLDING_STATUSES = [
  "requested",
  "proposed",
  "confirmed",
  "offered",
] as const satisfies readonly BookingStatus[];
/** Holding statuses that wait for an answer (the salon's to a request, the client's to a proposed time): they expire. */
export const AWAITING_ANSWER = ["requested", "proposed"] as const satisfies readonly BookingStatus[];
/** Statuses after which a booking holds no time. */
export const ENDED_STATUSES = ["cancelled", "declined", "expired"] as const satisfies readonly BookingStatus[];

/** The bookings the front desk may move (a request stays one): the calendar's drag and the Move form. */
export const MOVABLE_STATUSES: readonly BookingStatus[] = ["requested", "confirmed"];

/**
 * What the owner reads when a change of the salon's days or hours leaves booked appointments where
 * they are (they are kept; the clients are the salon's to call): "1 booked appointment is still on
 * that day: please contact that client."
 */
export function keptBookingsNote(count: number, where: string): string {
  const one = count === 1;
  return `${count} booked appointment${one ? " is" : "s are"} ${where}: please contact ${one ? "that client" : "those clients"}.`;
}

export const holdsTime = (status: string): boolean => (HOLDING_STATUSES as readonly string[]).includes(status);
export const awaitsAnswer = (status: string): boolean => (AWAITING_ANSWER as readonly string[]).includes(status);
export const hasEnded = (status: string): boolean => (ENDED_STATUSES as readonly string[]).includes(status);

/**
 * The changes a booking's status may make, each by one command (app/server/booking/commands): the
 * salon confirms, proposes another time, declines or cancels; the client accepts a proposed time,
 * declines it (it is cancelled), moves (back to a request when the salon confirms by hand) or
 * cancels; a request nobody answered in time expires. A time offered from the waiting list is
 * taken (a request or confirmed, as a booking would be), declined (cancelled) or lapses (expired).
 * An ended booking changes no more.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  requested: ["confirmed", "proposed", "declined", "cancelled", "expired", "requested"],
  proposed: ["confirmed", "proposed", "declined", "cancelled", "expired", "requested"],
  confirmed: ["cancelled", "confirmed", "requested"],
  offered: ["requested", "confirmed", "cancelled", "expired"],
  declined: [],
  cancelled: [],
  expired: [],
};

export const mayChange = (from: BookingStatus, to: BookingStatus): boolean => ALLOWED_TRANSITIONS[from].includes(to);

/** The row locked while a service's chair is booked (until the salon adds staff). */
export const chairKey = (serviceId: string) => `service:${serviceId}`;
/** The row locked while a person is booked. */
export const staffKey = (staffId: number) => `staff:${staffId}`;

/** A bookable service's name as the salon writes it; an id it no longer offers reads as itself. */
export const serviceTitle = (id: string) =>
  isSuiteTour(id) ? SUITE_TOUR.title : (BOOKING_SERVICES.find((s) => s.id === id)?.title ?? id);

/** A suite tour: a booking of the suite manager's time, not a salon service (decision 55). */
export const isSuiteTour = (serviceId: string) => serviceId === SUITE_TOUR.id;

/**
 * Whether a client's online booking or move is confirmed at once: with instant confirmation, and a
 * suite tour always (its visitor gets the calendar invitation at once; decision 55).
 */
export const confirmedAtOnce = (confirmationMode: string, serviceId: string) =>
  confirmationMode === "instant" || isSuiteTour(serviceId);

/**
 * The suite manager: someone whose only service is giving suite tours. They are booked like anyone
 * else, but do not count as the salon's staff: until the salon adds people who do its services,
 * each service still books like one chair.
 */
export const givesToursOnly = (services: readonly string[]) => services.length > 0 && services.every(isSuiteTour);

/**
 * A booking's option as its notices name it after its service's title: the option, and for a
 * visit of several services each further one, "Women's Haircut, then Nails — Gel Manicure".
 */
export function bookedOptionLine(row: Parameters<typeof bookingParts>[0]): string {
  return partsOptionLine(bookingParts(row));
}

/** Some parts of a visit as a notice names them after the first one's service title (see bookedOptionLine). */
export function partsOptionLine(parts: BookingPart[]): string {
  const [first, ...more] = parts;
  return [
    first.option,
    ...more.map((p) => {
      const title = serviceTitle(p.service);
      return `then ${p.option && p.option !== title ? `${title} — ${p.option}` : title}`;
    }),
  ].join(", ");
}

/** Why a booking is refused, word for word as the visitor reads it. */
export const BOOKING_REFUSALS = {
  unknownService: "That service cannot be booked online.",
  unknownOption: "Choose one of the service's options.",
  unknownStaff: "That person does not take this service. Choose someone else or “Any available”.",
  closed: (reason: string) => (reason === "Closed" ? "We are closed that day." : `We are closed that day (${reason}).`),
  tooSoon: "That time is too soon to book online. Please choose a later time or call us.",
  tooFar: "That date is too far ahead to book online.",
  notOffered: "That time is not one we offer. Please choose a time from the list.",
  taken: "Sorry, that time was just taken. Please choose another time.",
  /** The front desk's claim: a time outside the salon's or the person's working hours. */
  outsideHours: "That time is outside working hours. Nothing was changed; choose another time.",
  /** A client past the booking settings' no-show limit: a request without a held time instead. */
  noShows: (salonPhone: string) =>
    `We can no longer hold a time for you online. Please send us a request from our contact page${salonPhone ? ` or call us at ${salonPhone}` : ""}, and we will find you a time.`,
} as const;

/** The closed-day rule: why `date` (YYYY-MM-DD) cannot be booked, as the visitor reads it, or null. */
export function closedDayRefusal(rules: Pick<BookingRules, "hours" | "closures">, date: string): string | null {
  const reason = closedReason(rules, date);
  return reason ? BOOKING_REFUSALS.closed(reason) : null;
}

/**
 * What became of an appointment once its time came. "completed" is read from the time, never
 * stored: a confirmed appointment is completed at the end of its day in the salon's zone unless
 * staff marked it a no-show. "no_show" is set by staff; "late_cancellation" by a cancellation
 * inside the cancellation cutoff (staff may take either back). Stored in bookings.outcome.
 */
export const BOOKING_OUTCOMES = ["completed", "no_show", "late_cancellation"] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];
/** The outcomes staff record (the rest is read from the time). */
export type RecordedOutcome = Exclude<BookingOutcome, "completed">;

export const OUTCOME_LABELS: Record<BookingOutcome, string> = {
  completed: "Completed",
  no_show: "No-show",
  late_cancellation: "Late cancellation",
};

/** The instant the salon's day of `instant` ends (its next local midnight). */
export function endOfLocalDay(instant: number, timeZone: string): number {
  const day = localDayOf(instant, timeZone);
  if (day) return day.end;
  const next = addLocalDays(localDate(instant, timeZone), 1);
  // A zone whose clocks skip midnight: the day ends when its clock reads 1:00.
  return wallClockInstant(next, 0, timeZone) ?? wallClockInstant(next, 60, timeZone) ?? instant;
}

/** An appointment's outcome at `now`, or null while it has none (upcoming, waiting, ended otherwise). */
export function bookingOutcome(
  booking: { status: BookingStatus; outcome: string; endsAt: string },
  timeZone: string,
  now: number,
): BookingOutcome | null {
  if (booking.status === "confirmed" && booking.outcome === "no_show") return "no_show";
  if (booking.status === "cancelled" && booking.outcome === "late_cancellation") return "late_cancellation";
  if (booking.status === "confirmed" && now >= endOfLocalDay(Date.parse(booking.endsAt), timeZone)) return "completed";
  return null;
}

/** Staff may mark a confirmed appointment a no-show once it has begun. */
export const mayMarkNoShow = (booking: { status: BookingStatus; outcome: string; startsAt: string }, now: number) =>
  booking.status === "confirmed" && booking.outcome === "" && Date.parse(booking.startsAt) <= now;

/** A cancellation at `now` is late when it comes inside the cutoff before the start (or after it). */
export const isLateCancellation = (startsAt: string, cutoffHours: number, now: number) =>
  now > Date.parse(startsAt) - cutoffHours * 3_600_000;

/**
 * When a request (or a proposed time) lapses unless answered: the request expiry hours after it
 * was made or last changed, or at its start when that comes first (the expire command's rule).
 */
export function lapsesAt(booking: { startsAt: string; updatedAt: string }, requestExpiryHours: number): number {
  return Math.min(Date.parse(booking.updatedAt) + requestExpiryHours * 3_600_000, Date.parse(booking.startsAt));
}
