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
  /** The booking's change counter: calendars apply an update only when it is higher than theirs. */
  sequence: number;
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
    sequence: appointment.sequence,
    summary: appointment.summary,
    description: appointment.description || null,
    location: appointment.location || null,
    status: appointment.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  };
}

/** Who sends and who receives a calendar message about an appointment. */
export interface CalendarMessage {
  appointment: CalendarAppointment;
  host: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

function message(input: CalendarMessage, method: ICalCalendarMethod, event: ICalEventData): string {
  const calendar = ical({ prodId: PRODUCT, method });
  const created = calendar.createEvent(event);
  if (input.organizer.email) created.organizer(input.organizer);
  created.createAttendee({
    name: input.attendee.name || null,
    email: input.attendee.email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  });
  return calendar.toString();
}

/**
 * The invitation in an e-mail that confirms or moves a time (METHOD:REQUEST): mail clients show it
 * with "add to calendar", and a later one with the same UID moves the event.
 */
export function appointmentInvitation(input: CalendarMessage): string {
  return message(input, ICalCalendarMethod.REQUEST, eventOf(input.appointment, input.host));
}

/**
 * The cancellation of an event a calendar holds (METHOD:CANCEL, same UID). The change that
 * cancelled the booking raised its sequence, so this one is above the last invitation's.
 */
export function appointmentCancellation(input: CalendarMessage): string {
  return message(input, ICalCalendarMethod.CANCEL, {
    ...eventOf(input.appointment, input.host),
    status: ICalEventStatus.CANCELLED,
  });
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
