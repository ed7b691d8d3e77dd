import type { WrittenMail } from "../../mail/outbox.server";
import { clientBookingMail, salonBookingMail, type BookingMailInput, type SalonMailInput } from "./booking-mail.server";
import { appointmentCancellation, appointmentInvitation, type CalendarMessage } from "./ical.server";

/** An invitation or a cancellation, as a queued mail stores it. */
export interface StoredCalendarMessage extends CalendarMessage {
  change: "invitation" | "cancellation";
}

/**
 * A booking's e-mail as the outbox stores it (compose_input): exactly what its text, HTML and
 * calendar part are written from, as the change left the booking. Its subject is stored beside it.
 */
export type StoredBookingMail =
  | { client: BookingMailInput; calendar: StoredCalendarMessage | null }
  | { salon: SalonMailInput; calendar: StoredCalendarMessage | null };

/** The iCalendar text of a stored invitation or cancellation. */
export function calendarText({ change, ...message }: StoredCalendarMessage): string {
  return change === "invitation" ? appointmentInvitation(message) : appointmentCancellation(message);
}

/** The outbox worker's writer of a booking's e-mail, from its StoredBookingMail JSON. */
export function writeQueuedBookingMail(input: string): WrittenMail {
  const stored = JSON.parse(input) as StoredBookingMail;
  const mail = "client" in stored ? clientBookingMail(stored.client) : salonBookingMail(stored.salon);
  return { text: mail.text, html: mail.html, calendar: stored.calendar ? calendarText(stored.calendar) : null };
}
