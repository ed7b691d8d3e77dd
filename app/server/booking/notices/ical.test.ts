import { describe, expect, it } from "vitest";
import { readCalendar, readInvitation } from "../../../../tests/support/calendar-file";
import {
  appointmentCancellation,
  appointmentFeed,
  appointmentInvitation,
  type CalendarAppointment,
} from "./ical.server";
import { calendarChange } from "./notify.server";

const APPOINTMENT: CalendarAppointment = {
  id: 42,
  startsAt: "2026-12-01T15:00:00.000Z",
  endsAt: "2026-12-01T17:00:00.000Z",
  summary: "Hair at Aurelia Beauty Bar & Suites",
  description: "Colour; cut, and blow-dry\nWith Bea",
  location: "2400 Westheimer Rd, Suite 210, Houston, TX 77098",
  tentative: false,
  sequence: 0,
  updatedAt: "2026-11-20T10:00:00.000Z",
};

/** The iCalendar lines, long lines unfolded (RFC 5545 §3.1). */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");
const property = (text: string, name: string) =>
  lines(text)
    .filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    .map((l) => l.slice(l.indexOf(":") + 1));

describe("the appointment's iCalendar text", () => {
  const invitation = (appointment: CalendarAppointment = APPOINTMENT) =>
    appointmentInvitation({
      appointment,
      host: "salon.example",
      organizer: { name: "Aurelia Beauty Bar & Suites", email: "hello@salon.example" },
      attendee: { name: "Ada Client", email: "ada@example.com" },
    });

  it("an invitation: METHOD:REQUEST, a UID per booking, the times in UTC, the salon as organizer and location", () => {
    const text = invitation();
    expect(property(text, "METHOD")).toEqual(["REQUEST"]);
    expect(property(text, "UID")).toEqual(["booking-42@salon.example"]);
    expect(property(text, "DTSTART")).toEqual(["20261201T150000Z"]);
    expect(property(text, "DTEND")).toEqual(["20261201T170000Z"]);
    expect(property(text, "STATUS")).toEqual(["CONFIRMED"]);
    expect(property(text, "SEQUENCE")).toEqual(["0"]);
    expect(property(text, "ORGANIZER")).toEqual(["mailto:hello@salon.example"]);
    expect(lines(text).find((l) => l.startsWith("ATTENDEE"))).toMatch(/:mailto:ada@example\.com$/i);
    expect(property(text, "SUMMARY")).toEqual(["Hair at Aurelia Beauty Bar & Suites"]);
    expect(property(text, "LOCATION")).toEqual(["2400 Westheimer Rd\\, Suite 210\\, Houston\\, TX 77098"]);
    // RFC 5545: CRLF line ends, no line longer than 75 octets.
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // And as a calendar app reads it.
    expect(readInvitation(text)).toMatchObject({
      method: "REQUEST",
      uid: "booking-42@salon.example",
      sequence: 0,
      start: "2026-12-01T15:00:00.000Z",
      end: "2026-12-01T17:00:00.000Z",
      status: "CONFIRMED",
      summary: "Hair at Aurelia Beauty Bar & Suites",
      location: "2400 Westheimer Rd, Suite 210, Houston, TX 77098",
      organizer: "mailto:hello@salon.example",
    });
  });

  it("escapes commas, semicolons, backslashes and newlines in names and notes", () => {
    const text = appointmentFeed({
      name: "Salon; appointments",
      host: "salon.example",
      appointments: [
        {
          ...APPOINTMENT,
          summary: "O'Brien, Ann; \\ Hair",
          description: "Client: O'Brien, Ann\nNotes: allergic to latex; bring, please\r\nsecond line",
        },
      ],
    });
    expect(property(text, "SUMMARY")).toEqual(["O'Brien\\, Ann\\; \\\\ Hair"]);
    expect(property(text, "DESCRIPTION")).toEqual([
      "Client: O'Brien\\, Ann\\nNotes: allergic to latex\\; bring\\, please\\nsecond line",
    ]);
    expect(property(text, "X-WR-CALNAME")).toEqual(["Salon\\; appointments"]);
    // No raw line break inside a value: each unfolded line is one property.
    for (const line of lines(text)) expect(line).toMatch(/^[A-Z-]+[;:]/);
    expect(readCalendar(text).events[0]).toMatchObject({
      summary: "O'Brien, Ann; \\ Hair",
      description: "Client: O'Brien, Ann\nNotes: allergic to latex; bring, please\nsecond line",
    });
  });

  it("the same booking moved keeps its UID and carries the booking's sequence, so calendars update the event", () => {
    const moved = invitation({
      ...APPOINTMENT,
      startsAt: "2026-12-02T16:00:00.000Z",
      endsAt: "2026-12-02T18:00:00.000Z",
      sequence: 1,
    });
    expect(readInvitation(moved)).toMatchObject({
      uid: "booking-42@salon.example",
      start: "2026-12-02T16:00:00.000Z",
      sequence: 1,
    });
  });

  it("a cancellation: METHOD:CANCEL, the same UID and time, STATUS:CANCELLED and the booking's sequence", () => {
    const message = {
      host: "salon.example",
      organizer: { name: "Aurelia Beauty Bar & Suites", email: "hello@salon.example" },
      attendee: { name: "Ada Client", email: "ada@example.com" },
    };
    const cancel = readInvitation(
      appointmentCancellation({ ...message, appointment: { ...APPOINTMENT, sequence: 2 } }),
    );
    expect(cancel).toMatchObject({
      method: "CANCEL",
      uid: "booking-42@salon.example",
      status: "CANCELLED",
      start: "2026-12-01T15:00:00.000Z",
      sequence: 2,
      organizer: "mailto:hello@salon.example",
    });
  });

  it("which e-mails carry which calendar message: judged from the booking as stored and whether that calendar holds its event", () => {
    expect(calendarChange("confirmed", false)).toBe("invitation");
    expect(calendarChange("requested", false)).toBeNull();
    expect(calendarChange("proposed", false)).toBeNull();
    expect(calendarChange("confirmed", true)).toBe("invitation");
    // Moved back to a request (the salon confirms each one): the event moves, tentative.
    expect(calendarChange("requested", true)).toBe("invitation");
    expect(calendarChange("proposed", true)).toBe("invitation");
    // Ended: the event is cancelled wherever it is held, whoever ended it and however.
    for (const ended of ["cancelled", "declined", "expired"] as const) {
      expect(calendarChange(ended, true)).toBe("cancellation");
      // Never in that calendar: nothing to cancel.
      expect(calendarChange(ended, false)).toBeNull();
    }
  });

  it("a feed: METHOD:PUBLISH, a request is tentative, every event in UTC", () => {
    const text = appointmentFeed({
      name: "Aurelia — appointments",
      host: "salon.example",
      appointments: [APPOINTMENT, { ...APPOINTMENT, id: 43, tentative: true }],
    });
    expect(property(text, "METHOD")).toEqual(["PUBLISH"]);
    expect(property(text, "UID")).toEqual(["booking-42@salon.example", "booking-43@salon.example"]);
    expect(property(text, "STATUS")).toEqual(["CONFIRMED", "TENTATIVE"]);
    expect(property(text, "DTSTART").every((v) => v.endsWith("Z"))).toBe(true);
    expect(readCalendar(text)).toMatchObject({
      method: "PUBLISH",
      events: [{ status: "CONFIRMED" }, { status: "TENTATIVE" }],
    });
  });
});
