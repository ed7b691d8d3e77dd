import { describe, expect, it } from "vitest";
import { clientBookingMail, dailyAgendaMail, salonBookingMail, type SalonMailInput } from "./booking-mail.server";

const INPUT: SalonMailInput = {
  event: "requested",
  service: "Hair",
  option: "Men's Haircut",
  staff: "Bea",
  startsAt: "2026-12-01T15:00:00.000Z",
  endsAt: "2026-12-01T17:00:00.000Z",
  timeZone: "America/Chicago",
  client: { name: "Ada Client", email: "ada@example.com", phone: "(713) 555-0100" },
  notes: "",
  status: "Requested",
  source: "online",
  reason: "",
  requestedStartsAt: null,
  lapsesAt: "2026-12-01T12:00:00.000Z",
  adminUrl: "https://salon.example/admin/bookings?view=day&date=2026-12-01&booking=7",
  businessName: "Aurelia Beauty Bar & Suites",
};

describe("the salon's booking e-mails", () => {
  it("client text is escaped in the HTML and the subject stays one line", () => {
    const mail = salonBookingMail({
      ...INPUT,
      client: { ...INPUT.client, name: "Ada\r\nBcc: x@evil.example <script>" },
      notes: '<img src=x onerror="alert(1)">\nsecond line',
    });
    expect(mail.subject).toBe("New booking request: Hair, Tue Dec 1, 9:00 AM — Ada Bcc: x@evil.example <script>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;<br>second line");
    expect(mail.html).toContain(
      'href="https://salon.example/admin/bookings?view=day&amp;date=2026-12-01&amp;booking=7"',
    );
  });

  it("says when a request lapses only in the e-mails about one still waiting", () => {
    expect(salonBookingMail(INPUT).text).toMatch(/Lapses: Tuesday, December 1, 6:00 AM \(\w+ time\)/);
    expect(salonBookingMail({ ...INPUT, event: "booked", status: "Confirmed" }).text).not.toContain("Lapses:");
  });

  it("the agenda of an empty day says so; the subject counts the appointments", () => {
    const empty = dailyAgendaMail({
      date: "Tuesday, December 1, 2026",
      shortDate: "Tue Dec 1",
      appointments: [],
      adminUrl: "https://salon.example/admin/bookings?view=day&date=2026-12-01",
      businessName: "Aurelia",
    });
    expect(empty.subject).toBe("Today's bookings, Tue Dec 1: none");
    expect(empty.text).toContain("No appointments are booked for today.");
  });
});

describe("the client's booking e-mails", () => {
  const client = {
    event: "proposed" as const,
    firstName: "Ada",
    service: "Hair",
    option: "Men's Haircut",
    staff: "",
    startsAt: "2026-12-01T15:00:00.000Z",
    endsAt: "2026-12-01T15:45:00.000Z",
    timeZone: "America/Chicago",
    manageUrl: "https://salon.example/appointment/k.s",
    businessName: "Aurelia Beauty Bar & Suites",
    phone: "(713) 555-0100",
    cutoffHours: 24,
    requestedStartsAt: "2026-12-02T16:00:00.000Z",
  };

  it("always name the time zone of their times, in the text and the HTML", () => {
    const mail = clientBookingMail(client);
    expect(mail.text).toContain("Time: 9:00 AM – 9:45 AM (Central time)");
    expect(mail.text).toContain("You asked for: Wednesday, December 2, 10:00 AM (Central time)");
    expect(mail.html).toContain("9:00 AM – 9:45 AM (Central time)");
    const auckland = clientBookingMail({ ...client, timeZone: "Pacific/Auckland" });
    expect(auckland.text).toContain("Time: 4:00 AM – 4:45 AM (New Zealand time)");
  });

  it("a suite tour's e-mail says suite tour where it says appointment, without the cancellation policy", () => {
    const mail = clientBookingMail({
      ...client,
      event: "confirmed",
      service: "Suite tour",
      option: "Suite tour",
      tour: true,
    });
    expect(mail.subject).toBe("Your suite tour is confirmed — Aurelia Beauty Bar & Suites");
    expect(mail.text).toContain("Service: Suite tour\n");
    // The manage link's path (/appointment/…) is the one place the word stays.
    expect(mail.text.replaceAll("/appointment/", "/")).not.toContain("appointment");
    expect(mail.text).not.toContain("Cancellation & Late Policy");
    expect(mail.html).not.toContain("Cancellation &amp; Late Policy");
    expect(clientBookingMail({ ...client, event: "reminder", tour: true }).subject).toMatch(
      /^A reminder of your suite tour /,
    );
    expect(clientBookingMail({ ...client, event: "confirmed" }).text).toContain("Cancellation & Late Policy");
  });
});
