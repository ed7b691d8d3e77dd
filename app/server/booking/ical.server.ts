import ical, {
  escape,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalEventData,
} from "ical-generator";

/** One appointment as a calendar event. Times are UTC ISO instants; texts are plain (escaped here). */
export interface CalendarAppointment {
  id: number;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  location: string;
  /** Not confirmed yet (a request, or a time the salon proposed): shown as tentative. */
  tentative: boolean;
  createdAt: string;
  updatedAt: string;
}

const PRODUCT = { company: "Aurelia", product: "Booking", language: "EN" };

/**
 * The event's UID: the same for every e-mail and feed about one booking, so a calendar that has
 * the event updates it when the booking moves instead of adding a second one.
 */
export function appointmentUid(bookingId: number, host: string): string {
  return `booking-${bookingId}@${host}`;
}

function eventOf(appointment: CalendarAppointment, host: string): ICalEventData {
  return {
    id: appointmentUid(appointment.id, host),
    start: new Date(appointment.startsAt),
    end: new Date(appointment.endsAt),
    stamp: new Date(appointment.updatedAt),
    // Calendars apply an update only when its SEQUENCE is higher than the one they hold; the
    // seconds since the booking was made grow with every change without a counter to keep.
    sequence: Math.max(0, Math.floor((Date.parse(appointment.updatedAt) - Date.parse(appointment.createdAt)) / 1000)),
    summary: appointment.summary,
    description: appointment.description || null,
    location: appointment.location || null,
    status: appointment.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  };
}

/**
 * The invitation in an e-mail that confirms a time (METHOD:REQUEST): mail clients show it with
 * "add to calendar", and a later one with the same UID moves the event.
 */
export function appointmentInvitation(input: {
  appointment: CalendarAppointment;
  host: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}): string {
  const calendar = ical({ prodId: PRODUCT, method: ICalCalendarMethod.REQUEST });
  const event = calendar.createEvent(eventOf(input.appointment, input.host));
  if (input.organizer.email) event.organizer(input.organizer);
  event.createAttendee({
    name: input.attendee.name || null,
    email: input.attendee.email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  });
  return calendar.toString();
}

/** A subscribed calendar (METHOD:PUBLISH): the appointments, polled by the subscriber's calendar app. */
export function appointmentFeed(input: { name: string; host: string; appointments: CalendarAppointment[] }): string {
  const calendar = ical({
    prodId: PRODUCT,
    method: ICalCalendarMethod.PUBLISH,
    // The library writes the calendar's name as given (its events' texts it escapes).
    name: escape(input.name, false),
    ttl: 15 * 60,
  });
  for (const appointment of input.appointments) calendar.createEvent(eventOf(appointment, input.host));
  return calendar.toString();
}
