import { BOOKING_SERVICES } from "~/content/bookings";
import { closedReason, type BookingRules } from "./availability";
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
export const serviceTitle = (id: string) => BOOKING_SERVICES.find((s) => s.id === id)?.title ?? id;

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
} as const;

/** The closed-day rule: why `date` (YYYY-MM-DD) cannot be booked, as the visitor reads it, or null. */
export function closedDayRefusal(rules: Pick<BookingRules, "hours" | "closures">, date: string): string | null {
  const reason = closedReason(rules, date);
  return reason ? BOOKING_REFUSALS.closed(reason) : null;
}
