import { describe, expect, it } from "vitest";
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
  createdAt: "2026-11-20T10:00:00.000Z",
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
  });

  it("the same booking moved keeps its UID and gets a higher SEQUENCE, so calendars update the event", () => {
    const moved = invitation({
      ...APPOINTMENT,
      startsAt: "2026-12-02T16:00:00.000Z",
      endsAt: "2026-12-02T18:00:00.000Z",
      updatedAt: "2026-11-21T09:30:00.000Z",
    });
    expect(property(moved, "UID")).toEqual(["booking-42@salon.example"]);
    expect(property(moved, "DTSTART")).toEqual(["20261202T160000Z"]);
    expect(Number(property(moved, "SEQUENCE")[0])).toBeGreaterThan(0);
  });

  it("a cancellation: METHOD:CANCEL, the same UID, STATUS:CANCELLED and a SEQUENCE above the last invitation's, even in the same second", () => {
    const changed = { ...APPOINTMENT, updatedAt: "2026-11-21T09:30:00.000Z" };
    const message = {
      host: "salon.example",
      organizer: { name: "Aurelia Beauty Bar & Suites", email: "hello@salon.example" },
      attendee: { name: "Ada Client", email: "ada@example.com" },
    };
    const last = appointmentInvitation({ ...message, appointment: changed });
    const cancel = appointmentCancellation({ ...message, appointment: changed });
    expect(property(cancel, "METHOD")).toEqual(["CANCEL"]);
    expect(property(cancel, "UID")).toEqual(["booking-42@salon.example"]);
    expect(property(cancel, "STATUS")).toEqual(["CANCELLED"]);
    expect(property(cancel, "DTSTART")).toEqual(property(last, "DTSTART"));
    expect(Number(property(cancel, "SEQUENCE")[0])).toBe(Number(property(last, "SEQUENCE")[0]) + 1);
    expect(property(cancel, "ORGANIZER")).toEqual(["mailto:hello@salon.example"]);
  });

  it("which e-mails carry which calendar message: a confirmed time invites, a move of a held event updates it, a cancel of one cancels it", () => {
    expect(calendarChange("confirmed", "confirmed", false)).toBe("invitation");
    expect(calendarChange("requested", "requested", false)).toBeNull();
    expect(calendarChange("moved", "confirmed", true)).toBe("invitation");
    // Moved back to a request (the salon confirms each one): the event moves, tentative.
    expect(calendarChange("moved", "requested", true)).toBe("invitation");
    expect(calendarChange("moved", "requested", false)).toBeNull();
    expect(calendarChange("cancelled", "cancelled", true)).toBe("cancellation");
    expect(calendarChange("cancelledBySalon", "cancelled", true)).toBe("cancellation");
    // Never in the client's calendar: nothing to cancel.
    expect(calendarChange("cancelled", "cancelled", false)).toBeNull();
    expect(calendarChange("declined", "declined", false)).toBeNull();
    expect(calendarChange("reminder", "confirmed", true)).toBeNull();
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
  });
});
