import ICAL from "ical.js";

/** One event of a calendar file, as a calendar app reads it. */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  /** UTC ISO instants. */
  start: string;
  end: string;
  status: string;
  summary: string;
  description: string;
  location: string;
  organizer: string | null;
  attendees: string[];
}

/**
 * A calendar file read with ical.js, an outside parser (not our writer's assumptions): its METHOD
 * and its events. Throws on a file a calendar could not read.
 */
export function readCalendar(text: string): { method: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent): ParsedEvent => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => String(vevent.getFirstPropertyValue(name) ?? "");
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: text("status"),
      summary: event.summary,
      description: event.description ?? "",
      location: event.location ?? "",
      organizer: vevent.getFirstPropertyValue("organizer") as string | null,
      attendees: vevent.getAllProperties("attendee").map((p) => String(p.getFirstValue())),
    };
  });
  return { method: String(calendar.getFirstPropertyValue("method") ?? ""), events };
}

/** The one event of an e-mail's calendar part, with the file's METHOD. */
export function readInvitation(text: string | null | undefined): ParsedEvent & { method: string } {
  if (!text) throw new Error("the e-mail carries no calendar part");
  const { method, events } = readCalendar(text);
  if (events.length !== 1) throw new Error(`expected one event, found ${events.length}`);
  return { method, ...events[0] };
}
