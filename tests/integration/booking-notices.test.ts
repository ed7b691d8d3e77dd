/**
 * Who is e-mailed when about a booking, on the database: the salon (its notification address and
 * the person booked) for every new booking and every change it did not make itself, each kind
 * switchable; requests about to lapse; the daily agenda; and calendar files that calendars apply
 * (read with ical.js): a SEQUENCE that rises with every change, and a cancellation wherever an
 * event is held.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingRequest } from "~/lib/booking/booking-request";
import { BOOKING_SETTINGS_DEFAULTS, type BookingSettings } from "~/lib/booking/settings";
import {
  acceptProposal,
  cancelByClient,
  declineProposal,
  moveByClient,
} from "~/server/booking/commands/client-actions.server";
import { expireRequests } from "~/server/booking/commands/request-expiry.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { lapseWarningAt, queueDailyAgenda, queueLapseWarnings } from "~/server/booking/notices/salon-notices.server";
import {
  cancelByStaff,
  confirmBooking,
  createByStaff,
  declineBooking,
  proposeTime,
  type StaffContext,
} from "~/server/booking/commands/desk-actions.server";
import { staffBookingSchema } from "~/lib/booking/staff-forms";
import { ContentService } from "~/server/content/content.server";
import { nowIso, openDatabase, type DatabaseHandle, type Db } from "~/server/db/database.server";
import { saveSettings } from "~/server/settings/settings.server";
import type { BookingLinks } from "~/server/booking/notices/manage-link.server";
import { lapsesAt } from "~/server/booking/notices/notify.server";
import { formatInZone } from "~/lib/dates";
import { bookingRequest, deskContext, LINKS, useOneLengthPerService } from "../support/booking-request";
import { readInvitation } from "../support/calendar-file";
import { openDayFromToday, salonTime } from "../support/dates";
import { testDialect, useTestDatabase } from "../support/test-db";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const HOUR = 3_600_000;
/** The contact page's business e-mail: the salon's address while no other is set. */
const SALON = "hello@aureliabeauty.example";
const BEA = "bea@aurelia.example";
const CLIENT = "ada@example.com";
const lapseText = (instant: number) => formatInZone(new Date(instant), "America/Chicago", "EEEE, MMMM d, h:mm a");

/** Ada Client's usual request (to CLIENT, on Tuesday at 9:00) for a Men's Haircut, with a note. */
const request = (overrides: Partial<Record<keyof BookingRequest, unknown>> = {}) =>
  bookingRequest({ option: "Men's Haircut", notes: "Allergic to latex", ...overrides });

describe(`booking e-mails to the salon and calendar updates (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const db = () => testDb().db;
  const content = (on: Db = db()) => new ContentService(on);
  const ctx = (now = NOW): StaffContext => deskContext(db(), now);
  const settings = (changes: Partial<BookingSettings>) =>
    saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, ...changes }, null);
  const book = (overrides: Partial<Record<keyof BookingRequest, unknown>> = {}, links: BookingLinks = LINKS) =>
    reserveBooking(db(), content(), request(overrides), { links, now: NOW });
  /**
   * Booked at the clock's now. A request lapses a number of hours after it was stamped, and its
   * stamp is the clock's (nowIso), not NOW: a test of lapsing books on a day counted from today.
   */
  const bookOnTheClock = (overrides: Partial<Record<keyof BookingRequest, unknown>>) =>
    reserveBooking(db(), content(), request(overrides), { links: LINKS });
  const mails = (to?: string) => {
    let query = db()
      .selectFrom("mail_outbox")
      .select(["to_address", "reply_to", "subject", "text_body", "html_body", "calendar_body", "compose_input"])
      .orderBy("id");
    if (to) query = query.where("to_address", "=", to);
    return query.execute().then(withSentBodies);
  };
  /** Who got each mail, in order, by subject's first words. */
  const sent = async () => (await mails()).map((m) => `${m.to_address}: ${m.subject.split(/[:—]/)[0].trim()}`);
  const clear = () => db().deleteFrom("mail_outbox").execute();
  const calendars = async (to: string) =>
    (await mails(to)).filter((m) => m.calendar_body).map((m) => readInvitation(m.calendar_body));

  async function addBea(email = BEA) {
    const at = nowIso();
    const row = await db()
      .insertInto("staff")
      .values({
        name: "Bea",
        email,
        services: JSON.stringify(["hair"]),
        calendar_token: "b".repeat(32),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeEach(async () => {
    await useOneLengthPerService(db());
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("staff").execute();
    await db().deleteFrom("mail_outbox").execute();
    await db().deleteFrom("app_meta").where("key", "=", "booking_agenda_sent_for").execute();
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
    await saveSettings(db(), { notifyEmail: "" }, null);
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  describe("calendar files that calendars apply", () => {
    it("four changes within one second carry SEQUENCE 0, 1, 2, 3 under one UID: each is applied", async () => {
      await settings({ confirmationMode: "instant" });
      const booking = await book();
      const wednesday = Date.parse("2026-12-02T09:00:00-06:00");
      const thursday = Date.parse("2026-12-03T09:00:00-06:00");
      await moveByClient(db(), content(), LINKS, booking.manageToken, wednesday, NOW);
      await moveByClient(db(), content(), LINKS, booking.manageToken, thursday, NOW);
      await cancelByClient(db(), content(), LINKS, booking.manageToken, NOW);

      const events = await calendars(CLIENT);
      expect(events.map((e) => [e.method, e.status, e.start])).toEqual([
        ["REQUEST", "CONFIRMED", "2026-12-01T15:00:00.000Z"],
        ["REQUEST", "CONFIRMED", "2026-12-02T15:00:00.000Z"],
        ["REQUEST", "CONFIRMED", "2026-12-03T15:00:00.000Z"],
        ["CANCEL", "CANCELLED", "2026-12-03T15:00:00.000Z"],
      ]);
      expect(new Set(events.map((e) => e.uid))).toEqual(new Set([`booking-${booking.id}@salon.example`]));
      expect(events.map((e) => e.sequence)).toEqual([0, 1, 2, 3]);
      expect(events.every((e) => e.end > e.start)).toBe(true);
    });

    it("the salon cancels a booking the client moved back to a request: the client's calendar gets METHOD:CANCEL for the tentative event", async () => {
      const booking = await book();
      await confirmBooking(ctx(), booking.id);
      await moveByClient(db(), content(), LINKS, booking.manageToken, Date.parse("2026-12-02T10:00:00-06:00"), NOW);
      await cancelByStaff(ctx(), booking.id, "Bea is ill");

      const events = await calendars(CLIENT);
      expect(events.map((e) => [e.method, e.status])).toEqual([
        ["REQUEST", "CONFIRMED"],
        ["REQUEST", "TENTATIVE"],
        ["CANCEL", "CANCELLED"],
      ]);
      expect(new Set(events.map((e) => e.uid)).size).toBe(1);
      expect(events[2].sequence).toBeGreaterThan(events[1].sequence);
      expect(events[1].sequence).toBeGreaterThan(events[0].sequence);
    });

    it("so do a decline and a lapse of such a request, and a request never confirmed cancels nothing", async () => {
      const declined = await book();
      await confirmBooking(ctx(), declined.id);
      await moveByClient(db(), content(), LINKS, declined.manageToken, Date.parse("2026-12-02T10:00:00-06:00"), NOW);
      await declineBooking(ctx(), declined.id, "We are fully booked");
      const lapsed = await book({ start: "2026-12-01T13:00:00-06:00" });
      await confirmBooking(ctx(), lapsed.id);
      await moveByClient(db(), content(), LINKS, lapsed.manageToken, Date.parse("2026-12-03T10:00:00-06:00"), NOW);
      const never = await book({ start: "2026-12-04T13:00:00-06:00", email: "never@example.com" });
      await cancelByStaff(ctx(), never.id);
      expect(await expireRequests(db(), content(), LINKS, Date.parse("2026-12-03T16:00:00Z"))).toBe(1);

      const cancels = (await calendars(CLIENT)).filter((e) => e.method === "CANCEL");
      expect(cancels.map((e) => e.uid)).toEqual([
        `booking-${declined.id}@salon.example`,
        `booking-${lapsed.id}@salon.example`,
      ]);
      expect(await calendars("never@example.com")).toEqual([]);
    });
  });

  describe("who is told", () => {
    it("a new request: the client, and the salon and the person booked with the essentials and the admin link; no invitation before it is confirmed", async () => {
      const bea = await addBea();
      const booking = await book({ staff: bea });
      expect(await sent()).toEqual([
        `${CLIENT}: We received your booking request`,
        `${SALON}: New booking request`,
        `${BEA}: New booking request`,
      ]);
      const [salon] = await mails(SALON);
      expect(salon.subject).toBe("New booking request: Hair, Tue Dec 1, 9:00 AM — Ada Client");
      expect(salon.reply_to).toBe(CLIENT);
      expect(salon.calendar_body).toBeNull();
      for (const line of [
        "Service: Hair — Men's Haircut",
        "With: Bea",
        "Date: Tuesday, December 1, 2026",
        "Time: 9:00 AM – 11:00 AM (Central time)",
        "Client: Ada Client",
        `E-mail: ${CLIENT}`,
        "Phone: (713) 555-0100",
        "Notes: Allergic to latex",
        "Status: Requested",
        "Booked: Online",
        `In the admin: https://salon.example/admin/bookings?view=day&date=2026-12-01&booking=${booking.id}`,
      ])
        expect(salon.text_body).toContain(line);
      expect(salon.html_body).toContain(
        `href="https://salon.example/admin/bookings?view=day&amp;date=2026-12-01&amp;booking=${booking.id}"`,
      );
      expect(salon.html_body).toContain("Allergic to latex");
      // Held until it lapses: 48 hours after it was made (or at its start).
      const row = await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
      expect(salon.text_body).toContain(`Lapses: ${lapseText(lapsesAt(row, 48))}`);
      expect((await mails(BEA))[0].text_body).toBe(salon.text_body);
    });

    it("a booking confirmed at once: the salon's copy carries an invitation, the salon as organizer, each recipient as attendee", async () => {
      const bea = await addBea();
      await settings({ confirmationMode: "instant" });
      const booking = await book({ staff: bea });
      const [salon] = await calendars(SALON);
      const [person] = await calendars(BEA);
      const [client] = await calendars(CLIENT);
      for (const event of [salon, person]) {
        expect(event).toMatchObject({
          method: "REQUEST",
          uid: `booking-${booking.id}@salon.example`,
          status: "CONFIRMED",
          start: "2026-12-01T15:00:00.000Z",
          end: "2026-12-01T17:00:00.000Z",
          sequence: 0,
          summary: "Ada Client — Hair",
          organizer: `mailto:${SALON}`,
        });
        expect(event.description).toContain("Phone: (713) 555-0100");
      }
      expect(salon.attendees.map((a) => a.toLowerCase())).toEqual([`mailto:${SALON}`]);
      expect(person.attendees.map((a) => a.toLowerCase())).toEqual([`mailto:${BEA}`]);
      expect(client.uid).toBe(salon.uid);
      expect((await mails(SALON))[0].subject).toBe("New booking: Hair, Tue Dec 1, 9:00 AM — Ada Client");
    });

    it("the client's move and cancel, and their answers to a proposed time, are told to the salon and the person booked", async () => {
      const bea = await addBea();
      const moved = await book({ staff: bea });
      await moveByClient(db(), content(), LINKS, moved.manageToken, Date.parse("2026-12-01T13:00:00-06:00"), NOW);
      await cancelByClient(db(), content(), LINKS, moved.manageToken, NOW);
      const accepted = await book({ staff: bea, start: "2026-12-02T09:00:00-06:00" });
      await proposeTime(ctx(), accepted.id, "2026-12-02", "11:00");
      await acceptProposal(db(), content(), LINKS, accepted.manageToken, NOW);
      const declined = await book({ staff: bea, start: "2026-12-03T09:00:00-06:00" });
      await proposeTime(ctx(), declined.id, "2026-12-03", "11:00");
      await declineProposal(db(), content(), LINKS, declined.manageToken, NOW);

      const salon = (await mails(SALON)).map((m) => m.subject);
      expect(salon).toEqual([
        "New booking request: Hair, Tue Dec 1, 9:00 AM — Ada Client",
        "Booking moved: Hair, Tue Dec 1, 1:00 PM — Ada Client",
        "Booking cancelled: Hair, Tue Dec 1, 1:00 PM — Ada Client",
        "New booking request: Hair, Wed Dec 2, 9:00 AM — Ada Client",
        "Proposed time accepted: Hair, Wed Dec 2, 11:00 AM — Ada Client",
        "New booking request: Hair, Thu Dec 3, 9:00 AM — Ada Client",
        "Proposed time declined: Hair, Thu Dec 3, 11:00 AM — Ada Client",
      ]);
      // The person booked also hears of the salon's own proposals (someone else may have made them).
      expect((await mails(BEA)).map((m) => m.subject.split(":")[0])).toEqual([
        "New booking request",
        "Booking moved",
        "Booking cancelled",
        "New booking request",
        "Another time proposed",
        "Proposed time accepted",
        "New booking request",
        "Another time proposed",
        "Proposed time declined",
      ]);
      // The accepted time is confirmed: the salon's copy invites, and the person's too.
      const [invitation] = await calendars(SALON);
      expect(invitation).toMatchObject({ method: "REQUEST", uid: `booking-${accepted.id}@salon.example` });
    });

    it("the admin's own changes: the client and the person booked, not the notification address, unless its calendar holds the event", async () => {
      const bea = await addBea();
      const booking = await book({ staff: bea });
      await clear();
      await confirmBooking(ctx(), booking.id);
      expect(await sent()).toEqual([`${CLIENT}: Your appointment is confirmed`, `${BEA}: Booking confirmed`]);
      expect((await calendars(BEA))[0]).toMatchObject({ method: "REQUEST", status: "CONFIRMED" });

      // Booked confirmed at once: the salon's calendar holds it, so the admin's cancel reaches it too.
      await settings({ confirmationMode: "instant" });
      const held = await book({ staff: bea, start: "2026-12-02T09:00:00-06:00" });
      await clear();
      await cancelByStaff(ctx(), held.id, "Bea is ill");
      expect(await sent()).toEqual([
        `${CLIENT}: Your appointment is cancelled`,
        `${SALON}: Booking cancelled`,
        `${BEA}: Booking cancelled`,
      ]);
      const [cancel] = await calendars(SALON);
      expect(cancel).toMatchObject({ method: "CANCEL", uid: `booking-${held.id}@salon.example`, sequence: 1 });
      expect((await mails(SALON))[0].text_body).toContain("Reason: Bea is ill");
    });

    it("a booking the front desk makes is told to the salon and the person booked; nobody is told twice at one address", async () => {
      const bea = await addBea(SALON.toUpperCase());
      await createByStaff(
        ctx(),
        staffBookingSchema.parse({
          service: "hair",
          staff: String(bea),
          date: "2026-12-01",
          time: "09:00",
          firstName: "Phil",
          lastName: "Phone",
          phone: "(713) 555-0199",
          email: "",
        }),
      );
      const [mail, ...rest] = await mails();
      expect(rest).toEqual([]);
      expect(mail).toMatchObject({ to_address: SALON, reply_to: null });
      expect(mail.subject).toBe("New booking: Hair, Tue Dec 1, 9:00 AM — Phil Phone");
      expect(mail.text_body).toContain("Booked: In the admin");
    });

    it("the notification address: NOTIFY_EMAIL first, then Settings, then the business e-mail", async () => {
      await saveSettings(db(), { notifyEmail: "desk@aurelia.example" }, null);
      await book();
      await book({ start: "2026-12-01T13:00:00-06:00" }, { ...LINKS, notifyEmail: "owner@aurelia.example" });
      expect((await sent()).filter((line) => !line.startsWith(CLIENT))).toEqual([
        "desk@aurelia.example: New booking request",
        "owner@aurelia.example: New booking request",
      ]);
    });

    it("a request nobody answers: the salon is told once when a quarter of its time is left (at most 6 hours), and when it lapsed", async () => {
      const bea = await addBea();
      const day = openDayFromToday(7);
      const booking = await bookOnTheClock({ staff: bea, start: salonTime(day, "09:00") });
      const row = await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
      const made = Date.parse(row.updated_at);
      const lapse = lapsesAt(row, 48);
      expect(lapseWarningAt(made, lapse)).toBe(lapse - 6 * HOUR);
      // Made 4 hours before its start: warned an hour before.
      expect(lapseWarningAt(made, made + 4 * HOUR)).toBe(made + 3 * HOUR);
      await clear();
      expect(await queueLapseWarnings(db(), content(), LINKS, lapse - 6 * HOUR - 60_000)).toBe(0);
      const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
      others.push(second);
      const runs = await Promise.all(
        [db(), second.db, db(), second.db].map((on) => queueLapseWarnings(on, content(on), LINKS, lapse - 6 * HOUR)),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await queueLapseWarnings(db(), content(), LINKS, lapse - HOUR)).toBe(0);
      expect(await sent()).toEqual([`${SALON}: Request lapses soon`, `${BEA}: Request lapses soon`]);
      expect((await mails(SALON))[0].text_body).toContain(`Lapses: ${lapseText(lapse)}`);

      // Moved by the client: a new request, warned of again before it lapses.
      await moveByClient(db(), content(), LINKS, booking.manageToken, Date.parse(salonTime(day, "13:00")));
      const movedLapse = lapsesAt(await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow(), 48);
      expect(await queueLapseWarnings(db(), content(), LINKS, movedLapse - HOUR)).toBe(1);

      await clear();
      expect(await expireRequests(db(), content(), LINKS, movedLapse)).toBe(1);
      expect(await sent()).toEqual([
        `${CLIENT}: Your booking request has lapsed`,
        `${SALON}: Request lapsed`,
        `${BEA}: Request lapsed`,
      ]);
    });

    it("a proposed time the client does not answer: the salon is told it lapses soon, and that it lapsed", async () => {
      const day = openDayFromToday(7);
      const booking = await bookOnTheClock({ start: salonTime(day, "09:00") });
      await proposeTime(ctx(Date.now()), booking.id, day, "11:00");
      const lapse = lapsesAt(await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow(), 48);
      await clear();
      expect(await queueLapseWarnings(db(), content(), LINKS, lapse - HOUR)).toBe(1);
      expect(await expireRequests(db(), content(), LINKS, lapse)).toBe(1);
      const proposed = formatInZone(salonTime(day, "11:00"), "America/Chicago", "EEE MMM d, h:mm a");
      expect((await mails(SALON)).map((m) => m.subject)).toEqual([
        `Proposed time lapses soon: Hair, ${proposed} — Ada Client`,
        `Proposed time lapsed: Hair, ${proposed} — Ada Client`,
      ]);
    });
  });

  describe("Booking settings turn each kind off", () => {
    it("with every kind off the salon hears nothing of requests, moves, cancels, answers or lapses; the client still does", async () => {
      const bea = await addBea();
      await settings({
        notifyNewBookings: false,
        notifyMoves: false,
        notifyCancellations: false,
        notifyProposalAnswers: false,
        notifyLapsing: false,
        notifyLapsed: false,
      });
      const moved = await book({ staff: bea });
      await moveByClient(db(), content(), LINKS, moved.manageToken, Date.parse("2026-12-01T13:00:00-06:00"), NOW);
      await cancelByClient(db(), content(), LINKS, moved.manageToken, NOW);
      const answered = await book({ staff: bea, start: "2026-12-02T09:00:00-06:00" });
      await proposeTime(ctx(), answered.id, "2026-12-02", "11:00");
      await declineProposal(db(), content(), LINKS, answered.manageToken, NOW);
      const lapsing = await book({ staff: bea, start: "2026-12-04T09:00:00-06:00" });
      const row = await db().selectFrom("bookings").selectAll().where("id", "=", lapsing.id).executeTakeFirstOrThrow();
      const lapse = lapsesAt(row, 48);
      expect(await queueLapseWarnings(db(), content(), LINKS, lapse - HOUR)).toBe(0);
      expect(await expireRequests(db(), content(), LINKS, lapse)).toBe(1);
      expect(await mails(SALON)).toEqual([]);
      // The person booked hears only of the admin's own proposal.
      expect((await mails(BEA)).map((m) => m.subject.split(":")[0])).toEqual(["Another time proposed"]);
      expect((await mails(CLIENT)).length).toBe(8);
    });

    it("each kind alone: on, its e-mail goes; off, it does not", async () => {
      const kinds: [keyof BookingSettings, (token: string, id: number) => Promise<unknown>, string][] = [
        ["notifyNewBookings", async () => undefined, "New booking request"],
        [
          "notifyMoves",
          (token) => moveByClient(db(), content(), LINKS, token, Date.parse("2026-12-01T13:00:00-06:00"), NOW),
          "Booking moved",
        ],
        ["notifyCancellations", (token) => cancelByClient(db(), content(), LINKS, token, NOW), "Booking cancelled"],
        [
          "notifyProposalAnswers",
          async (token, id) => {
            await proposeTime(ctx(), id, "2026-12-02", "11:00");
            await acceptProposal(db(), content(), LINKS, token, NOW);
          },
          "Proposed time accepted",
        ],
      ];
      for (const [kind, act, subject] of kinds) {
        for (const on of [true, false]) {
          await db().deleteFrom("bookings").execute();
          await settings({
            notifyNewBookings: false,
            notifyMoves: false,
            notifyCancellations: false,
            notifyProposalAnswers: false,
            [kind]: on,
          });
          const booking = await book();
          await act(booking.manageToken, booking.id);
          const told = (await mails(SALON)).map((m) => m.subject.split(":")[0]);
          expect(told, `${kind} ${on ? "on" : "off"}`).toEqual(on ? [subject] : []);
          await clear();
        }
      }
    });

    it("a kind turned off is still sent when it changes an event the salon's calendar holds", async () => {
      await settings({ confirmationMode: "instant", notifyMoves: false, notifyCancellations: false });
      const booking = await book();
      await moveByClient(db(), content(), LINKS, booking.manageToken, Date.parse("2026-12-02T09:00:00-06:00"), NOW);
      await cancelByClient(db(), content(), LINKS, booking.manageToken, NOW);
      expect((await calendars(SALON)).map((e) => [e.method, e.start, e.sequence])).toEqual([
        ["REQUEST", "2026-12-01T15:00:00.000Z", 0],
        ["REQUEST", "2026-12-02T15:00:00.000Z", 1],
        ["CANCEL", "2026-12-02T15:00:00.000Z", 2],
      ]);
    });
  });

  describe("the daily agenda", () => {
    // Tuesday 2026-12-01: the salon opens at 9:00 in Chicago (15:00 UTC) and closes at 6:00 PM.
    const OPENING = Date.parse("2026-12-01T15:00:00Z");

    it("off by default; on, it goes once at opening time with the day's appointments, however many instances run", async () => {
      const bea = await addBea();
      await book({ staff: bea });
      await book({ start: "2026-12-01T13:00:00-06:00", firstName: "Zoe", notes: "" });
      await book({ start: "2026-12-02T09:00:00-06:00", firstName: "Tomorrow" });
      await clear();
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING)).toBe(0);

      await settings({ dailyAgenda: true });
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING - 60_000)).toBe(0);
      const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
      others.push(second);
      const runs = await Promise.all(
        [db(), second.db, db(), second.db].map((on) => queueDailyAgenda(on, content(on), LINKS, OPENING)),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING + 5 * HOUR)).toBe(0);

      const [agenda, ...rest] = await mails();
      expect(rest).toEqual([]);
      expect(agenda.to_address).toBe(SALON);
      expect(agenda.subject).toBe("Today's bookings, Tue Dec 1: 2 appointments");
      expect(agenda.text_body).toContain(
        "9:00 AM – 11:00 AM  Hair — Men's Haircut, with Bea\n  Ada Client · (713) 555-0100 · Requested\n  Notes: Allergic to latex",
      );
      expect(agenda.text_body).toContain(
        "1:00 PM – 3:00 PM  Hair — Men's Haircut, with Bea\n  Zoe Client · (713) 555-0100 · Requested\n\n",
      );
      expect(agenda.text_body).not.toContain("Tomorrow");
      expect(agenda.text_body).toContain("In the admin: https://salon.example/admin/bookings?view=day&date=2026-12-01");

      // The next day the salon opens, the next agenda.
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING + 24 * HOUR)).toBe(1);
      expect((await mails()).at(-1)!.subject).toBe("Today's bookings, Wed Dec 2: 1 appointment");
    });

    it("none on a day the salon is closed, or after it closed", async () => {
      await settings({ dailyAgenda: true });
      // Monday: closed all day.
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING - 24 * HOUR + HOUR)).toBe(0);
      // Tuesday after 6:00 PM.
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING + 9 * HOUR)).toBe(0);
      await db()
        .insertInto("booking_closures")
        .values({ from_date: "2026-12-01", to_date: "2026-12-01", label: "", created_at: nowIso() })
        .execute();
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING)).toBe(0);
      await db().deleteFrom("booking_closures").execute();
      expect(await queueDailyAgenda(db(), content(), LINKS, OPENING)).toBe(1);
      expect((await mails())[0].text_body).toContain("No appointments are booked for today.");
    });
  });
});
