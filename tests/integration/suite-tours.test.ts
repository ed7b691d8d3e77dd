/**
 * Suite tours are bookings of the suite manager's time through the engine: claimed like any
 * appointment (never over the manager's other bookings), told with the booking notices in a tour's
 * words and with a calendar invitation, moved and cancelled from the manage link, reminded.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { SUITE_MANAGER, SUITE_TOUR } from "~/content/suite-tour";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { cancelByClient, moveByClient } from "~/server/booking/commands/client-actions.server";
import { calendarEntries, calendarResources } from "~/server/booking/engine/calendar.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { BOOKING_REFUSALS, saveBookingSettings } from "~/server/booking/model.server";
import { queueDueReminders } from "~/server/booking/notices/reminders.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { seedDefaults } from "~/server/content/seed.server";
import { ContentService } from "~/server/content/content.server";
import { bookingRequest, LINKS, outcome, useOneLengthPerService } from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const HOUR = 3_600_000;
const ACTOR = { userId: null, email: "owner@aurelia.test" };

const tour = (start: string, email = "stylist@example.com") =>
  bookingRequest({ service: SUITE_TOUR.id, option: undefined, start, email, firstName: "Sam" });

describe(`suite tours (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const manager = (services: string[] = SUITE_MANAGER.services) =>
    createStaff(db(), ACTOR, {
      name: "Mia",
      photoUrl: "",
      email: "mia@aurelia.test",
      services,
      hours: SUITE_MANAGER.hours,
    });
  const mails = () => db().selectFrom("mail_outbox").selectAll().orderBy("id").execute().then(withSentBodies);

  beforeEach(async () => {
    // Every hair option two hours.
    await useOneLengthPerService(db());
    for (const table of ["mail_outbox", "audit_log", "bookings", "staff"] as const)
      await db().deleteFrom(table).execute();
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant" }, null);
  });

  it("are offered in the suite manager's tour hours only, 30 minutes each", async () => {
    await manager();
    const day = await dayAvailability(db(), content(), { service: SUITE_TOUR.id, date: TUESDAY, now: NOW });
    const times = day.slots.map((s) => s.start.slice(11, 16));
    expect(times[0]).toBe("10:00");
    expect(times.at(-1)).toBe("16:30");
    const made = await reserveBooking(db(), content(), tour("2026-12-01T10:00:00-06:00"), { links: LINKS, now: NOW });
    expect(made.endsAt).toBe("2026-12-01T16:30:00.000Z");
    expect(
      await outcome(reserveBooking(db(), content(), tour("2026-12-01T09:00:00-06:00"), { links: LINKS, now: NOW })),
    ).toBe(`400 ${BOOKING_REFUSALS.notOffered}`);
  });

  it("a tour is refused over the manager's appointment, and an appointment over their tour", async () => {
    // A manager who also does hair: their hair appointments and tours share one calendar.
    const mia = await manager([SUITE_TOUR.id, "hair"]);
    await reserveBooking(db(), content(), bookingRequest({ start: "2026-12-01T10:00:00-06:00", staff: mia.id }), {
      links: LINKS,
      now: NOW,
    });
    expect(
      await outcome(reserveBooking(db(), content(), tour("2026-12-01T10:30:00-06:00"), { links: LINKS, now: NOW })),
    ).toBe(`409 ${BOOKING_REFUSALS.taken}`);
    await reserveBooking(db(), content(), tour("2026-12-01T15:00:00-06:00"), { links: LINKS, now: NOW });
    expect(
      await outcome(
        reserveBooking(
          db(),
          content(),
          bookingRequest({ start: "2026-12-01T14:00:00-06:00", staff: mia.id, email: "b@example.com" }),
          {
            links: LINKS,
            now: NOW,
          },
        ),
      ),
    ).toBe(`409 ${BOOKING_REFUSALS.taken}`);
    const rows = await db().selectFrom("bookings").select(["service", "staff_id"]).orderBy("id").execute();
    expect(rows).toEqual([
      { service: "hair", staff_id: mia.id },
      { service: SUITE_TOUR.id, staff_id: mia.id },
    ]);
  });

  it("the visitor and the salon are told in a tour's words, with a calendar invitation", async () => {
    await manager();
    await reserveBooking(db(), content(), tour("2026-12-01T11:00:00-06:00"), { links: LINKS, now: NOW });
    const sent = await mails();
    const visitor = sent.find((m) => m.to_address === "stylist@example.com")!;
    expect(visitor.subject).toMatch(/^Your suite tour is confirmed — /);
    expect(visitor.text_body).toContain("Service: Suite tour");
    expect(visitor.text_body).toContain("With: Mia");
    expect(visitor.text_body).toContain("/appointment/");
    expect(visitor.text_body).not.toContain("Cancellation policy");
    expect(visitor.calendar_body).toContain("SUMMARY:Suite tour at ");
    expect(visitor.calendar_body).toContain("METHOD:REQUEST");
    const salon = sent.filter((m) => m.to_address !== "stylist@example.com");
    expect(salon.length).toBeGreaterThan(0);
    for (const mail of salon)
      expect(mail.subject).toMatch(/^New booking: Suite tour, Tue Dec 1, 11:00 AM — Sam Client$/);
    expect(salon.map((m) => m.to_address)).toContain("mia@aurelia.test");
  });

  it("the manage link moves and cancels a tour; the reminder is a tour's", async () => {
    await manager();
    await saveBookingSettings(
      db(),
      { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant", reminderHours: 48 },
      null,
    );
    const made = await reserveBooking(db(), content(), tour("2026-12-01T11:00:00-06:00"), { links: LINKS, now: NOW });
    const old = "2026-11-20T10:00:00.000Z";
    await db().updateTable("bookings").set({ created_at: old, updated_at: old }).execute();
    const start = Date.parse("2026-12-01T11:00:00-06:00");
    expect(await queueDueReminders(db(), content(), LINKS, start - 47 * HOUR)).toBe(1);
    const reminder = (await mails()).at(-1)!;
    expect(reminder.subject).toMatch(/^A reminder of your suite tour — /);

    const thursday = Date.parse("2026-12-03T14:00:00-06:00");
    await moveByClient(db(), content(), LINKS, made.manageToken, thursday, NOW);
    const moved = (await mails()).find((m) => m.subject.startsWith("Your suite tour has moved"))!;
    expect(moved.text_body).toContain("Date: Thursday, December 3, 2026");
    expect(moved.calendar_body).toContain("SEQUENCE:1");

    await cancelByClient(db(), content(), LINKS, made.manageToken, NOW);
    const cancelled = (await mails()).find((m) => m.subject.startsWith("Your suite tour is cancelled"))!;
    expect(cancelled.calendar_body).toContain("METHOD:CANCEL");
    const day = await dayAvailability(db(), content(), { service: SUITE_TOUR.id, date: "2026-12-03", now: NOW });
    expect(day.slots.map((s) => s.start)).toContain("2026-12-03T14:00:00-06:00");
  });

  it("the seeded suite manager gives tours and leaves the salon's services on their chairs", async () => {
    await db().deleteFrom("app_meta").where("key", "=", "suite_manager_seeded_at").execute();
    await seedDefaults(db());
    // The salon has no staff of its own: hair books on its chair as before.
    const hair = await reserveBooking(db(), content(), bookingRequest({ start: "2026-12-01T10:00:00-06:00" }), {
      links: LINKS,
      now: NOW,
    });
    expect(hair.staffId).toBeNull();
    const tourMade = await reserveBooking(db(), content(), tour("2026-12-01T10:00:00-06:00"), {
      links: LINKS,
      now: NOW,
    });
    expect(tourMade.staffId).not.toBeNull();
    // The admin calendar: the chairs, and the suite manager's column with the tour labelled "Suite tour".
    const columns = await calendarResources(db());
    expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(["Hair", SUITE_MANAGER.name]));
    const entries = await calendarEntries(db(), Date.parse("2026-12-01T00:00:00Z"), Date.parse("2026-12-02T12:00:00Z"));
    expect(entries.find((e) => e.id === tourMade.id)).toMatchObject({
      service: "Suite tour",
      staff: SUITE_MANAGER.name,
    });
  });

  it("a tour is confirmed at once, and stays confirmed when moved, even when the salon confirms appointments by hand", async () => {
    await manager();
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "approve" }, null);
    const made = await reserveBooking(db(), content(), tour("2026-12-01T10:00:00-06:00"), { links: LINKS, now: NOW });
    expect(made.status).toBe("confirmed");
    const hair = await reserveBooking(db(), content(), bookingRequest({ start: "2026-12-01T10:00:00-06:00" }), {
      links: LINKS,
      now: NOW,
    });
    expect(hair.status).toBe("requested");
    const visitor = (await mails()).find((m) => m.to_address === "stylist@example.com")!;
    expect(visitor.calendar_body).toContain("STATUS:CONFIRMED");
    // Moved from its manage link, it stays confirmed.
    const moved = await moveByClient(
      db(),
      content(),
      LINKS,
      made.manageToken,
      Date.parse("2026-12-02T11:00:00-06:00"),
      NOW,
    );
    expect(moved.status).toBe("confirmed");
  });

  it("without anyone who gives tours, a tour cannot be booked online", async () => {
    expect(
      await outcome(reserveBooking(db(), content(), tour("2026-12-01T10:00:00-06:00"), { links: LINKS, now: NOW })),
    ).toMatch(/^400 Online booking for Suite tour is not available right now/);
  });
});
