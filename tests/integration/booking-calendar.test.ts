/**
 * Calendars and reminders around bookings on the database: the invitation in the e-mails that
 * confirm a time, the reminder that goes once (across rounds and server instances), the calendar
 * feeds, and the admin's booking settings and closures.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS, type BookingSettings } from "~/lib/booking/settings";
import {
  calendarFeed,
  regenerateSalonCalendarToken,
  salonCalendarToken,
} from "~/server/booking/notices/calendar-feed.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { appointmentById, changeBooking } from "~/server/booking/commands/booking-change.server";
import { cancelByClient, moveByClient } from "~/server/booking/commands/client-actions.server";
import { bookingMailSetting, queueClientMail } from "~/server/booking/notices/notify.server";
import { queueDueReminders } from "~/server/booking/notices/reminders.server";
import { expireRequests } from "~/server/booking/commands/request-expiry.server";
import { findEntry } from "~/server/booking/engine/calendar.server";
import { STATUS_LABELS } from "~/lib/booking/calendar";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { getBookingSettings, saveBookingSettings } from "~/server/booking/model.server";
import { handleBookingSettingsAction } from "~/routes/admin/booking-settings.server";
import { ContentService } from "~/server/content/content.server";
import { nowIso, openDatabase, type Db, type DatabaseHandle } from "~/server/db/database.server";
import type { BookingStatus, Role } from "~/server/db/schema";
import { bookingRequest as request, useOneLengthPerService } from "../support/booking-request";
import { insertBookingRow } from "../support/booking-rows";
import { testDialect, useTestDatabase } from "../support/test-db";
import { HOLDING_STATUSES } from "~/server/booking/model.server";
import { withSentBodies } from "../support/queued-mail";

// Saturday 2026-11-28, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-28T12:00:00Z");
const TUESDAY_9_UTC = "2026-12-01T15:00:00.000Z";
const HOUR = 3_600_000;
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const ADMIN: { userId: number; email: string; role: Role } = { userId: 1, email: "owner@salon.example", role: "admin" };
/** The business e-mail of the contact page: the salon's notification address when none is set. */
const SALON_EMAIL = "hello@aureliabeauty.example";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

const settingsForm = (settings: BookingSettings, overrides: Record<string, string> = {}) =>
  form({
    intent: "settings",
    ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)])),
    ...overrides,
  });

/** Ada Client's two hours of hair (tests/support/booking-rows.ts), on Tuesday at 9:00 unless told. */
function insertBooking(
  db: Db,
  values: { status?: BookingStatus; startsAt?: string; staffId?: number | null; updatedAt?: string; notes?: string },
) {
  const at = values.updatedAt ?? "2026-11-20T10:00:00.000Z";
  return insertBookingRow(db, {
    starts_at: values.startsAt ?? TUESDAY_9_UTC,
    staff_id: values.staffId ?? null,
    status: values.status ?? "confirmed",
    notes: values.notes ?? "",
    created_at: at,
    updated_at: at,
  });
}

const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe(`booking calendars and reminders (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const content = () => new ContentService(testDb().db);
  /** The clients' mails (not the salon's, at its business e-mail). */
  const mails = () =>
    testDb()
      .db.selectFrom("mail_outbox")
      .select(["subject", "text_body", "calendar_body", "compose_input", "to_address"])
      .where("to_address", "!=", SALON_EMAIL)
      .orderBy("id")
      .execute()
      .then(withSentBodies);

  beforeEach(async () => {
    await useOneLengthPerService(testDb().db);
    const { db } = testDb();
    await db.deleteFrom("bookings").execute();
    await db.deleteFrom("staff").execute();
    await db.deleteFrom("mail_outbox").execute();
    await db.deleteFrom("booking_closures").execute();
    await saveBookingSettings(db, BOOKING_SETTINGS_DEFAULTS, null);
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  describe("the invitation in e-mails that confirm a time", () => {
    it("a confirmed booking's e-mail carries it, a request's does not; a move keeps its UID with the new time and a higher SEQUENCE; a cancel cancels it", async () => {
      const { db } = testDb();
      await reserveBooking(db, content(), request({ email: "req@example.com" }), { links: LINKS, now: NOW });
      await saveBookingSettings(db, { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant" }, null);
      const booking = await reserveBooking(db, content(), request({ start: "2026-12-01T13:00:00-06:00" }), {
        links: LINKS,
        now: NOW,
      });
      await moveByClient(db, content(), LINKS, booking.manageToken, Date.parse("2026-12-03T09:00:00-06:00"), NOW);
      await cancelByClient(db, content(), LINKS, booking.manageToken, NOW);

      const [requested, confirmed, moved, cancelled] = await mails();
      expect(requested.calendar_body).toBeNull();
      expect(confirmed.subject).toMatch(/^Your appointment is confirmed/);
      const invitation = unfolded(confirmed.calendar_body!);
      expect(invitation).toContain("METHOD:REQUEST");
      expect(invitation).toContain(`UID:booking-${booking.id}@salon.example`);
      expect(invitation).toContain("DTSTART:20261201T190000Z");
      expect(invitation).toContain("DTEND:20261201T210000Z");
      expect(invitation).toContain("SUMMARY:Hair at Aurelia Beauty Bar & Suites");
      expect(invitation).toContain("LOCATION:2400 Westheimer Rd\\, Suite 210\\, Houston\\, TX 77098");
      expect(invitation).toMatch(/^ATTENDEE;.*:mailto:ada@example\.com\r$/im);

      expect(moved.subject).toMatch(/^Your appointment has moved/);
      const update = unfolded(moved.calendar_body!);
      expect(update).toContain(`UID:booking-${booking.id}@salon.example`);
      expect(update).toContain("DTSTART:20261203T150000Z");
      const sequence = (text: string) => Number(/^SEQUENCE:(\d+)\r$/m.exec(text)?.[1]);
      expect(sequence(update)).toBeGreaterThan(sequence(invitation));
      // Cancelled from the manage link: the same event is cancelled in the client's calendar.
      const cancel = unfolded(cancelled.calendar_body!);
      expect(cancel).toMatch(/^METHOD:CANCEL\r$/m);
      expect(cancel).toContain(`UID:booking-${booking.id}@salon.example`);
      expect(sequence(cancel)).toBeGreaterThan(sequence(update));
    });
  });

  describe("a change that races another", () => {
    it("a client's cancel read before the salon confirmed, landing after, cancels the event the confirmation put in their calendar", async () => {
      const { db } = testDb();
      const booking = await reserveBooking(db, content(), request({ email: "race@example.com" }), {
        links: LINKS,
        now: NOW,
      });
      // The client's cancel has read the booking: still a request.
      const stale = await appointmentById(db, booking.id);
      expect(stale?.status).toBe("requested");
      // Meanwhile the salon confirms it (as its Confirm does: the row, then the invitation).
      await db.updateTable("bookings").set({ status: "confirmed" }).where("id", "=", booking.id).execute();
      const setting = await bookingMailSetting(db, content(), LINKS);
      await db.transaction().execute(async (tx) => {
        const confirmed = await appointmentById(tx, booking.id);
        await queueClientMail(tx, setting, "confirmed", confirmed!);
      });

      await db.transaction().execute((tx) =>
        changeBooking(tx, stale!, {
          from: HOLDING_STATUSES,
          refusal: "no longer active",
          set: { status: "cancelled", reason: "Cancelled by the client" },
          mail: { setting, event: "cancelled", salon: "cancelled" },
        }),
      );
      const cancelled = (await mails()).at(-1)!;
      expect(unfolded(cancelled.calendar_body ?? "")).toMatch(/^METHOD:CANCEL\r$/m);
    });
  });

  describe("reminders", () => {
    const reminders = async () => (await mails()).filter((m) => m.subject.startsWith("A reminder of your appointment"));

    it("go once, reminderHours before a confirmed appointment, however often the job runs", async () => {
      const { db } = testDb();
      await insertBooking(db, {});
      const start = Date.parse(TUESDAY_9_UTC);
      expect(await queueDueReminders(db, content(), LINKS, start - 25 * HOUR)).toBe(0);
      expect(await queueDueReminders(db, content(), LINKS, start - 23 * HOUR)).toBe(1);
      expect(await queueDueReminders(db, content(), LINKS, start - 22 * HOUR)).toBe(0);
      expect(await queueDueReminders(db, content(), LINKS, start - HOUR)).toBe(0);
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0].to_address).toBe("ada@example.com");
      expect(sent[0].text_body).toContain("Date: Tuesday, December 1, 2026");
      expect(sent[0].text_body).toContain("Time: 9:00 AM – 11:00 AM");
      expect(sent[0].text_body).toContain("/appointment/");
    });

    it("go once when two server instances run the job at the same moment", async () => {
      const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
      others.push(second);
      await insertBooking(testDb().db, {});
      await insertBooking(testDb().db, { startsAt: "2026-12-01T18:00:00.000Z" });
      const now = Date.parse(TUESDAY_9_UTC) - 2 * HOUR;
      const contents = [content(), new ContentService(second.db)];
      const runs = await Promise.all(
        [testDb().db, second.db, testDb().db, second.db].map((db, i) =>
          queueDueReminders(db, contents[i % 2], LINKS, now),
        ),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await reminders()).toHaveLength(2);
    });

    it("none for cancelled, declined or requested bookings, none when set to 0, none after the start", async () => {
      const { db } = testDb();
      for (const status of ["cancelled", "declined", "requested"] as const) await insertBooking(db, { status });
      const start = Date.parse(TUESDAY_9_UTC);
      expect(await queueDueReminders(db, content(), LINKS, start - HOUR)).toBe(0);
      await insertBooking(db, { startsAt: "2026-12-01T18:00:00.000Z" });
      expect(await queueDueReminders(db, content(), LINKS, Date.parse("2026-12-01T18:30:00.000Z"))).toBe(0);
      await saveBookingSettings(db, { ...BOOKING_SETTINGS_DEFAULTS, reminderHours: 0 }, null);
      expect(await queueDueReminders(db, content(), LINKS, start)).toBe(0);
      expect(await reminders()).toEqual([]);
    });

    it("none for a booking confirmed inside the reminder window (its confirmation just told the time)", async () => {
      const { db } = testDb();
      const start = Date.parse(TUESDAY_9_UTC);
      await insertBooking(db, { updatedAt: new Date(start - 3 * HOUR).toISOString() });
      expect(await queueDueReminders(db, content(), LINKS, start - 2 * HOUR)).toBe(0);
    });

    it("a moved booking gets a reminder for its new time", async () => {
      const { db } = testDb();
      await saveBookingSettings(
        db,
        { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant", reminderHours: 48 },
        null,
      );
      const booking = await reserveBooking(db, content(), request(), { links: LINKS, now: NOW });
      const old = "2026-11-20T10:00:00.000Z";
      await db.updateTable("bookings").set({ created_at: old, updated_at: old }).execute();
      const start = Date.parse(TUESDAY_9_UTC);
      expect(await queueDueReminders(db, content(), LINKS, start - 47 * HOUR)).toBe(1);

      const thursday = Date.parse("2026-12-03T09:00:00-06:00");
      await moveByClient(db, content(), LINKS, booking.manageToken, thursday, start - 47 * HOUR);
      await db.updateTable("bookings").set({ updated_at: old }).execute();
      expect(await queueDueReminders(db, content(), LINKS, start - 46 * HOUR)).toBe(0);
      expect(await queueDueReminders(db, content(), LINKS, thursday - 47 * HOUR)).toBe(1);
      const sent = await reminders();
      expect(sent).toHaveLength(2);
      expect(sent[1].text_body).toContain("Date: Thursday, December 3, 2026");
    });
  });

  describe("requests and proposed times nobody answers", () => {
    const lapsed = async () => (await mails()).filter((m) => m.subject.startsWith("Your booking request has lapsed"));

    it("expire 48 hours after they were made, or at their start: the time is free at once, the client is told once, the admin reads Expired", async () => {
      const { db } = testDb();
      expect((await getBookingSettings(db)).requestExpiryHours).toBe(48);
      // Made long ago, and just now (on the test's clock and on the one that stamps requests).
      const old = await insertBooking(db, { status: "requested", updatedAt: "2026-01-01T10:00:00.000Z" });
      const fresh = await insertBooking(db, {
        status: "requested",
        startsAt: "2026-12-01T18:00:00.000Z",
        updatedAt: new Date(Math.max(Date.now(), NOW - HOUR)).toISOString(),
      });
      const confirmed = await insertBooking(db, { startsAt: "2026-12-02T15:00:00.000Z" });
      // Free from the moment it lapsed, before any round of the job has marked it.
      const day = await dayAvailability(db, content(), { service: "hair", date: "2026-12-01", now: NOW });
      const starts = day.slots.map((s) => s.start);
      expect(starts).toContain("2026-12-01T09:00:00-06:00");
      expect(starts).not.toContain("2026-12-01T12:00:00-06:00");

      expect(await expireRequests(db, content(), LINKS, NOW)).toBe(1);
      expect(await expireRequests(db, content(), LINKS, NOW)).toBe(0);
      const status = async (id: number) =>
        (await db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
      expect(await status(old.id)).toBe("expired");
      expect(await status(fresh.id)).toBe("requested");
      expect(await status(confirmed.id)).toBe("confirmed");
      const [mail] = await lapsed();
      expect(mail.text_body).toContain("we could not answer your booking request in time");
      expect(mail.text_body).not.toContain("/appointment/");
      expect(await lapsed()).toHaveLength(1);
      const entry = await findEntry(db, old.id);
      expect(STATUS_LABELS[entry!.status]).toBe("Expired");
      const audits = await db.selectFrom("audit_log").select(["action", "user_id"]).execute();
      expect(audits).toContainEqual({ action: "expired a booking request", user_id: null });

      // Never later than its start, however recently it was made.
      expect(await expireRequests(db, content(), LINKS, Date.parse("2026-12-01T18:00:00.000Z"))).toBe(1);
      expect(await status(fresh.id)).toBe("expired");
      expect(await lapsed()).toHaveLength(2);
    });

    it("a proposed time the client does not answer lapses the same way: its time is free at once, the client is told once, the admin reads Expired", async () => {
      const { db } = testDb();
      const proposals = async () =>
        (await mails()).filter((m) => m.subject.startsWith("The time we proposed has lapsed"));
      const old = await insertBooking(db, { status: "proposed", updatedAt: "2026-01-01T10:00:00.000Z" });
      const fresh = await insertBooking(db, {
        status: "proposed",
        startsAt: "2026-12-01T18:00:00.000Z",
        updatedAt: new Date(Math.max(Date.now(), NOW - HOUR)).toISOString(),
      });
      // Free from the moment it lapsed; the fresh proposal still holds its time.
      const day = await dayAvailability(db, content(), { service: "hair", date: "2026-12-01", now: NOW });
      const starts = day.slots.map((s) => s.start);
      expect(starts).toContain("2026-12-01T09:00:00-06:00");
      expect(starts).not.toContain("2026-12-01T12:00:00-06:00");

      expect(await expireRequests(db, content(), LINKS, NOW)).toBe(1);
      expect(await expireRequests(db, content(), LINKS, NOW)).toBe(0);
      const row = async (id: number) =>
        db.selectFrom("bookings").select(["status", "reason"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(await row(old.id)).toEqual({ status: "expired", reason: "The proposed time was not answered in time" });
      expect((await row(fresh.id)).status).toBe("proposed");
      const [mail] = await proposals();
      expect(mail.to_address).toBe("ada@example.com");
      expect(mail.text_body).toContain("We did not hear from you about the time we proposed");
      expect(mail.text_body).not.toContain("/appointment/");
      expect(await lapsed()).toEqual([]);
      expect(STATUS_LABELS[(await findEntry(db, old.id))!.status]).toBe("Expired");
      const audits = await db.selectFrom("audit_log").select(["action", "user_id"]).execute();
      expect(audits).toContainEqual({ action: "expired a proposed time", user_id: null });

      // Never later than its start.
      expect(await expireRequests(db, content(), LINKS, Date.parse("2026-12-01T18:00:00.000Z"))).toBe(1);
      expect((await row(fresh.id)).status).toBe("expired");
      expect(await proposals()).toHaveLength(2);
    });

    it("expire once when two server instances run the job at the same moment", async () => {
      const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
      others.push(second);
      const made = { status: "requested" as const, updatedAt: "2026-01-01T10:00:00.000Z" };
      await insertBooking(testDb().db, made);
      await insertBooking(testDb().db, { ...made, startsAt: "2026-12-01T18:00:00.000Z" });
      const contents = [content(), new ContentService(second.db)];
      const runs = await Promise.all(
        [testDb().db, second.db, testDb().db, second.db].map((db, i) =>
          expireRequests(db, contents[i % 2], LINKS, NOW),
        ),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await lapsed()).toHaveLength(2);
    });
  });

  describe("calendar feeds", () => {
    async function addStaff(db: Db, name: string, token: string, active = 1) {
      const at = nowIso();
      return db
        .insertInto("staff")
        .values({
          name,
          services: JSON.stringify(["hair"]),
          calendar_token: token,
          is_active: active,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    }

    it("the salon's feed has every held appointment from a month back to the booking window; requests are tentative", async () => {
      const { db } = testDb();
      const bea = await addStaff(db, "Bea", "b".repeat(32));
      await insertBooking(db, { staffId: bea.id, notes: "Allergic to latex; bring, please" });
      await insertBooking(db, { status: "requested", startsAt: "2026-12-02T15:00:00.000Z" });
      await insertBooking(db, { status: "cancelled", startsAt: "2026-12-02T18:00:00.000Z" });
      await insertBooking(db, { startsAt: "2026-10-20T15:00:00.000Z" }); // more than 30 days back
      await insertBooking(db, { startsAt: "2027-03-02T15:00:00.000Z" }); // beyond the 60-day window
      const token = await salonCalendarToken(db);
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await salonCalendarToken(db)).toBe(token);

      const feed = unfolded((await calendarFeed(db, content(), token, { publicUrl: LINKS.publicUrl, now: NOW }))!);
      expect(feed).toContain("METHOD:PUBLISH");
      expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(2);
      expect(feed).toContain("SUMMARY:Ada Client — Hair");
      expect(feed).toContain("SUMMARY:Request: Ada Client — Hair");
      expect(feed).toContain("STATUS:TENTATIVE");
      expect(feed).toContain("Phone: (713) 555-0100");
      expect(feed).toContain("With: Bea");
      expect(feed).toContain("Notes: Allergic to latex\\; bring\\, please");
      expect(feed).toContain("DTSTART:20261201T150000Z");
    });

    it("a staff member's feed has only their appointments; an unknown, short or inactive token opens nothing", async () => {
      const { db } = testDb();
      const bea = await addStaff(db, "Bea", "b".repeat(32));
      await addStaff(db, "Former", "f".repeat(32), 0);
      await insertBooking(db, { staffId: bea.id });
      await insertBooking(db, { startsAt: "2026-12-02T15:00:00.000Z" });
      const options = { publicUrl: LINKS.publicUrl, now: NOW };
      const feed = (await calendarFeed(db, content(), "b".repeat(32), options))!;
      expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(feed).toContain("X-WR-CALNAME:Bea — Aurelia Beauty Bar & Suites");
      expect(await calendarFeed(db, content(), "c".repeat(32), options)).toBeNull();
      expect(await calendarFeed(db, content(), "f".repeat(32), options)).toBeNull();
      expect(await calendarFeed(db, content(), "b".repeat(31), options)).toBeNull();
      expect(await calendarFeed(db, content(), "", options)).toBeNull();

      const old = await salonCalendarToken(db);
      const renewed = await regenerateSalonCalendarToken(db, null);
      expect(renewed).not.toBe(old);
      expect(await calendarFeed(db, content(), old, options)).toBeNull();
      expect(await calendarFeed(db, content(), renewed, options)).not.toBeNull();
    });
  });

  describe("the admin's booking settings and closures", () => {
    const act = (values: Record<string, string> | FormData, user = ADMIN, now = NOW) =>
      handleBookingSettingsAction(
        { db: testDb().db, content: content() },
        user,
        values instanceof FormData ? values : form(values),
        now,
      );
    const audits = () =>
      testDb().db.selectFrom("audit_log").select("action").where("target", "=", "Booking settings").execute();

    it("saves valid settings with an audit row; refuses bad values field by field and keeps the old ones", async () => {
      const { db } = testDb();
      const before = (await audits()).length;
      const saved = await act(settingsForm({ ...BOOKING_SETTINGS_DEFAULTS, stepMinutes: 15, reminderHours: 0 }));
      expect(saved).toMatchObject({ status: 200, reply: { ok: true } });
      expect(await getBookingSettings(db)).toMatchObject({ stepMinutes: 15, reminderHours: 0 });
      expect((await audits()).length).toBe(before + 1);

      const refused = await act(
        settingsForm(BOOKING_SETTINGS_DEFAULTS, {
          stepMinutes: "2",
          windowDays: "",
          leadMinutes: "1.5",
          bufferMinutes: "-5",
          reminderHours: "abc",
          confirmationMode: "whenever",
        }),
      );
      expect(refused.status).toBe(400);
      expect(refused.reply.fieldErrors).toEqual({
        stepMinutes: ["Enter a whole number from 5 to 240."],
        windowDays: ["Enter a whole number from 1 to 365."],
        leadMinutes: ["Enter a whole number from 0 to 10080."],
        bufferMinutes: ["Enter a whole number from 0 to 240."],
        reminderHours: ["Enter a whole number from 0 to 168."],
        confirmationMode: ["Choose how bookings are confirmed."],
      });
      expect(await getBookingSettings(db)).toMatchObject({ stepMinutes: 15, reminderHours: 0, windowDays: 60 });
      expect((await audits()).length).toBe(before + 1);
    });

    it("the salon's e-mails are checkboxes: on by default, the daily agenda off; a box left unchecked turns its kind off", async () => {
      const { db } = testDb();
      expect(await getBookingSettings(db)).toMatchObject({
        notifyNewBookings: true,
        notifyMoves: true,
        notifyCancellations: true,
        notifyProposalAnswers: true,
        notifyLapsing: true,
        notifyLapsed: true,
        dailyAgenda: false,
      });
      // What a browser posts: the numbers and the checked boxes ("on"); unchecked ones are absent.
      const posted = form({
        intent: "settings",
        ...Object.fromEntries(
          Object.entries(BOOKING_SETTINGS_DEFAULTS)
            .filter(([, v]) => typeof v !== "boolean")
            .map(([k, v]) => [k, String(v)]),
        ),
        notifyNewBookings: "on",
        notifyLapsed: "on",
        dailyAgenda: "on",
      });
      expect((await act(posted)).status).toBe(200);
      expect(await getBookingSettings(db)).toMatchObject({
        notifyNewBookings: true,
        notifyMoves: false,
        notifyCancellations: false,
        notifyProposalAnswers: false,
        notifyLapsing: false,
        notifyLapsed: true,
        dailyAgenda: true,
      });
    });

    it("only an admin changes them", async () => {
      const editor = { ...ADMIN, role: "editor" as const };
      const refused = await act(settingsForm({ ...BOOKING_SETTINGS_DEFAULTS, stepMinutes: 45 }), editor);
      expect(refused.status).toBe(403);
      expect((await act({ intent: "add-closure", from: "2026-12-01" }, editor)).status).toBe(403);
      expect(await getBookingSettings(testDb().db)).toEqual(BOOKING_SETTINGS_DEFAULTS);
      expect(await testDb().db.selectFrom("booking_closures").select("id").execute()).toEqual([]);
    });

    it("a closure makes its days closed for booking (with its label) until it is removed; each change is audited", async () => {
      const { db } = testDb();
      const day = () => dayAvailability(db, content(), { service: "hair", date: "2026-12-02", now: NOW });
      expect((await day()).closed).toBe(false);
      await insertBooking(db, { startsAt: "2026-12-02T15:00:00.000Z" });

      const added = await act({ intent: "add-closure", from: "2026-12-01", to: "2026-12-03", label: "Team training" });
      expect(added.status).toBe(200);
      expect(added.reply).toMatchObject({
        message: "Closed Tue, Dec 1, 2026 – Thu, Dec 3, 2026: no online bookings.",
        notice: "1 booked appointment is still on those days: please contact that client.",
      });
      expect(await day()).toMatchObject({ closed: true, reason: "Team training", slots: [] });
      const [closure] = await db.selectFrom("booking_closures").selectAll().execute();
      expect(closure).toMatchObject({ from_date: "2026-12-01", to_date: "2026-12-03", label: "Team training" });
      expect((await audits()).map((a) => a.action)).toContain(
        "added the closure Tue, Dec 1, 2026 – Thu, Dec 3, 2026 (Team training)",
      );

      expect((await act({ intent: "remove-closure", id: String(closure.id) })).status).toBe(200);
      expect((await day()).closed).toBe(false);
      expect((await act({ intent: "remove-closure", id: String(closure.id) })).status).toBe(404);
      expect((await audits()).map((a) => a.action)).toContain(
        "removed the closure Tue, Dec 1, 2026 – Thu, Dec 3, 2026 (Team training)",
      );

      await insertBooking(db, { startsAt: "2026-12-02T17:00:00.000Z" });
      const one = await act({ intent: "add-closure", from: "2026-12-02" });
      expect(one.reply).toMatchObject({
        message: "Closed Wed, Dec 2, 2026: no online bookings.",
        notice: "2 booked appointments are still on that day: please contact those clients.",
      });
    });

    it("refuses a closure without real dates, ending before it starts, already over, or with a long label", async () => {
      const cases: [Record<string, string>, Record<string, string[]>][] = [
        [
          { from: "", to: "" },
          { from: ["Enter the first day the salon is closed."], to: ["Enter the last day the salon is closed."] },
        ],
        [
          { from: "2026-02-30" },
          { from: ["Enter the first day the salon is closed."], to: ["Enter the last day the salon is closed."] },
        ],
        [{ from: "2026-12-05", to: "2026-12-04" }, { to: ["The last day cannot be before the first day."] }],
        [{ from: "2026-11-01", to: "2026-11-02" }, { to: ["That closure is already over."] }],
        [{ from: "2026-12-05", label: "x".repeat(81) }, { label: ["Use at most 80 characters."] }],
      ];
      for (const [values, fieldErrors] of cases) {
        const refused = await act({ intent: "add-closure", label: "", ...values });
        expect(refused, JSON.stringify(values)).toMatchObject({ status: 400, reply: { fieldErrors } });
      }
      expect(await testDb().db.selectFrom("booking_closures").select("id").execute()).toEqual([]);
      // One day: the last day may stay empty.
      expect((await act({ intent: "add-closure", from: "2026-12-24", to: "", label: "" })).reply.message).toBe(
        "Closed Thu, Dec 24, 2026: no online bookings.",
      );
    });

    it("a new feed URL replaces the old one, audited", async () => {
      const { db } = testDb();
      const old = await salonCalendarToken(db);
      expect((await act({ intent: "regenerate-feed" })).status).toBe(200);
      expect(await salonCalendarToken(db)).not.toBe(old);
      expect((await audits()).map((a) => a.action)).toContain(
        "made a new calendar feed URL (the old one stopped working)",
      );
    });
  });
});
