/**
 * The front desk's walk-ins and moves on the database: a walk-in gets the next free time today by
 * the desk's rules (or nothing, said so); a move is checked like every change (hours, closures,
 * overlaps, buffers, who does the service), moves a visit whole, raises the sequence, e-mails the
 * client the new time with its calendar update and writes an audit row, or changes nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { moveSchema, STAFF_MESSAGES, walkInSchema } from "~/lib/booking/staff-forms";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { moveByStaff } from "~/server/booking/commands/desk-move.server";
import { bookWalkIn } from "~/server/booking/commands/walk-in.server";
import { BOOKING_REFUSALS, saveBookingSettings } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { bookingRequest, deskContext, DESK, LINKS, outcome, useOneLengthPerService } from "../support/booking-request";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const at = (date: string, hhmm: string) => `${date}T${hhmm}:00-06:00`;

describe(`the front desk's walk-ins and moves (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const person = (name: string, services: string[]) =>
    createStaff(db(), DESK, { name, email: "", photoUrl: "", services, hours: null });
  /** A confirmed booking made at the desk (Ada, hair, Tuesday 9:00 unless told otherwise). */
  const booked = async (overrides: Parameters<typeof bookingRequest>[0] = {}) =>
    reserveBooking(db(), content(), bookingRequest(overrides), { links: LINKS, now: NOW, source: "staff" });
  const row = (id: number) => db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const move = (id: number, date: string, time: string, staff: number | "" = "", now = NOW) =>
    moveByStaff(deskContext(db(), now), moveSchema.parse({ id, date, time, staff }));
  const snapshot = async () => ({
    bookings: await db().selectFrom("bookings").selectAll().orderBy("id").execute(),
    mails: (await db().selectFrom("mail_outbox").select("id").execute()).length,
    audits: (await db().selectFrom("audit_log").select("id").execute()).length,
  });

  beforeEach(async () => {
    await clearTables(db(), ["bookings", "staff", "booking_closures", "mail_outbox", "audit_log"]);
    await useOneLengthPerService(db());
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: 0 }, null);
  });

  describe("moving a booking", () => {
    it("moves it to another time and person: the sequence raised, the client e-mailed the new time with a calendar update, an audit row", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["hair"]);
      const { id } = await booked({ staff: bea.id });
      const before = await row(id);
      await db().deleteFrom("mail_outbox").execute();

      const moved = await move(id, "2026-12-02", "13:00", cleo.id);
      expect(moved).toMatchObject({
        status: "confirmed",
        staff_id: cleo.id,
        resource: `staff:${cleo.id}`,
        starts_at: "2026-12-02T19:00:00.000Z",
        ends_at: "2026-12-02T21:00:00.000Z",
        sequence: before.sequence + 1,
      });
      const [mail] = await db()
        .selectFrom("mail_outbox")
        .select(["subject", "text_body", "calendar_body", "compose_input"])
        .where("to_address", "=", "ada@example.com")
        .execute()
        .then(withSentBodies);
      expect(mail.subject).toMatch(/^Your appointment has moved/);
      expect(mail.text_body).toContain("1:00 PM – 3:00 PM");
      expect(mail.calendar_body).toContain(`SEQUENCE:${before.sequence + 1}`);
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: "moved a booking", target: "Ada Client, Hair, Wed Dec 2 1:00 PM" });
      expect(JSON.parse(audit.details ?? "{}")).toMatchObject({ from: "Tue Dec 1 9:00 AM" });
    });

    it("tells the person it takes the booking from, cancelling their calendar's event, and invites the one it goes to", async () => {
      const staffWithMail = (name: string) =>
        createStaff(db(), DESK, {
          name,
          email: `${name.toLowerCase()}@salon.test`,
          photoUrl: "",
          services: ["hair"],
          hours: null,
        });
      const bea = await staffWithMail("Bea");
      const cleo = await staffWithMail("Cleo");
      const { id } = await booked({ staff: bea.id });
      await db().deleteFrom("mail_outbox").execute();

      await move(id, "2026-12-02", "13:00", cleo.id);
      const mails = await db()
        .selectFrom("mail_outbox")
        .select(["to_address", "calendar_body", "compose_input"])
        .where("to_address", "in", ["bea@salon.test", "cleo@salon.test"])
        .orderBy("to_address")
        .execute()
        .then(withSentBodies);
      expect(mails.map((m) => m.to_address)).toEqual(["bea@salon.test", "cleo@salon.test"]);
      expect(mails[0].calendar_body).toContain("METHOD:CANCEL");
      expect(mails[1].calendar_body).toContain("METHOD:REQUEST");
    });

    it("keeps a request a request, and its person when none is chosen", async () => {
      const bea = await person("Bea", ["hair"]);
      const { id } = await reserveBooking(db(), content(), bookingRequest({ staff: bea.id }), {
        links: LINKS,
        now: NOW,
      });
      expect((await row(id)).status).toBe("requested");
      expect(await move(id, "2026-12-01", "14:00")).toMatchObject({ status: "requested", staff_id: bea.id });
    });

    it("refuses, changing nothing: outside hours, a closed day, a closure, an overlap, the buffer, a person who does not do it, a past time, an ended booking", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      const { id } = await booked({ staff: bea.id });
      await booked({ staff: bea.id, start: at("2026-12-01", "13:00"), email: "bo@example.com" });
      await db()
        .insertInto("booking_closures")
        .values({ from_date: "2026-12-03", to_date: "2026-12-03", label: "Training day", created_at: "" })
        .execute();
      const before = await snapshot();

      expect(await outcome(move(id, "2026-12-01", "16:30"))).toBe(`400 ${BOOKING_REFUSALS.outsideHours}`);
      expect(await outcome(move(id, "2026-12-01", "07:00"))).toBe(`400 ${BOOKING_REFUSALS.outsideHours}`);
      expect(await outcome(move(id, "2026-12-06", "10:00"))).toBe(`400 ${BOOKING_REFUSALS.closed("Closed")}`);
      expect(await outcome(move(id, "2026-12-03", "10:00"))).toBe(`400 ${BOOKING_REFUSALS.closed("Training day")}`);
      expect(await outcome(move(id, "2026-12-01", "12:00"))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      expect(await outcome(move(id, "2026-12-02", "10:00", cleo.id))).toBe(
        `400 ${STAFF_MESSAGES.doesNotDo("Cleo", "Hair")}`,
      );
      expect(await outcome(move(id, "2026-11-30", "05:00"))).toBe(`400 ${STAFF_MESSAGES.pastTime}`);
      expect(await outcome(move(id, "2026-12-01", "09:00"))).toBe(`400 ${STAFF_MESSAGES.unchangedMove}`);
      expect(await outcome(move(id, "2026-12-01", "09:00", bea.id))).toBe(`400 ${STAFF_MESSAGES.unchangedMove}`);
      // Right after the other booking is free without a buffer; with one it is not.
      await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: 15 }, null);
      const withBuffer = await snapshot();
      expect(await outcome(move(id, "2026-12-01", "15:00"))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      expect(withBuffer).toEqual(await snapshot());
      await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: 0 }, null);
      expect(await snapshot()).toEqual(before);
      expect(await outcome(move(id, "2026-12-01", "15:00"))).toBe("done");

      await db().updateTable("bookings").set({ status: "cancelled" }).where("id", "=", id).execute();
      expect(await outcome(move(id, "2026-12-02", "10:00"))).toBe(`409 ${STAFF_MESSAGES.notMovable}`);
      expect(await outcome(move(999_999, "2026-12-02", "10:00"))).toBe(`404 ${STAFF_MESSAGES.notFound}`);
    });

    it("moves a visit whole: every part keeps its place after the first, with its own person; refused whole when a later part does not fit", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["nails"]);
      const visit = await booked({ staff: bea.id, more: [{ service: "nails", staff: cleo.id }] });
      await booked({
        service: "nails",
        staff: cleo.id,
        start: at("2026-12-02", "12:00"),
        email: "bo@example.com",
      });
      const before = await snapshot();
      // Hair 10:00–12:00 with Bea would be free; the nails after it (12:00–1:00) clash with Cleo's client.
      expect(await outcome(move(visit.id, "2026-12-02", "10:00"))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      expect(await snapshot()).toEqual(before);

      const moved = await move(visit.id, "2026-12-02", "13:00");
      expect(moved.starts_at).toBe("2026-12-02T19:00:00.000Z");
      expect(moved.ends_at).toBe("2026-12-02T22:00:00.000Z");
      expect(JSON.parse(moved.parts)).toMatchObject([
        { service: "hair", staffId: bea.id, offsetMinutes: 0, durationMinutes: 120 },
        { service: "nails", staffId: cleo.id, offsetMinutes: 120, durationMinutes: 60 },
      ]);
    });
  });

  describe("a walk-in", () => {
    // Tuesday 9:07 in Chicago: the salon has just opened.
    const TUESDAY_OPEN = Date.parse("2026-12-01T15:07:00Z");
    const walkIn = (form: Record<string, unknown>, now = TUESDAY_OPEN) =>
      bookWalkIn(deskContext(db(), now), walkInSchema.parse(form));

    it("gets the chosen person's next free time from now, on the desk's five-minute grid, confirmed as a walk-in", async () => {
      const bea = await person("Bea", ["hair"]);
      const first = await walkIn({ service: "hair", staff: String(bea.id) });
      expect(first.message).toBe("Walk-in booked: Women's Haircut & Style with Bea at 9:10 AM");
      expect(await row(first.reservation.id)).toMatchObject({
        source: "walk_in",
        status: "confirmed",
        first_name: "Walk-in",
        staff_id: bea.id,
        starts_at: "2026-12-01T15:10:00.000Z",
      });
      const second = await walkIn({ service: "hair", staff: String(bea.id), firstName: "Dee", phone: "713 555 0199" });
      expect(second.message).toBe("Walk-in booked: Women's Haircut & Style with Bea at 11:10 AM");
      expect(await row(second.reservation.id)).toMatchObject({ first_name: "Dee", phone: "713 555 0199" });
      const audit = await db().selectFrom("audit_log").select("action").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit.action).toBe("booked a walk-in");
    });

    it("with anyone: whoever is free first", async () => {
      const bea = await person("Bea", ["hair"]);
      const cleo = await person("Cleo", ["hair"]);
      await booked({ staff: bea.id, start: at("2026-12-01", "09:00") });
      const walk = await walkIn({ service: "hair", staff: "any" });
      expect(walk.reservation.staffId).toBe(cleo.id);
      expect(walk.message).toBe("Walk-in booked: Women's Haircut & Style with Cleo at 9:10 AM");
    });

    it("says so and books nothing when nothing is free today (too late, or a closed day)", async () => {
      await person("Bea", ["hair"]);
      const before = await snapshot();
      // 4:30 PM: two hours of hair no longer fit before 6.
      expect(await outcome(walkIn({ service: "hair" }, Date.parse("2026-12-01T22:30:00Z")))).toBe(
        `409 ${STAFF_MESSAGES.walkInNone}`,
      );
      expect(await outcome(walkIn({ service: "nails" }, NOW))).toBe(`400 ${BOOKING_REFUSALS.unknownStaff}`);
      expect(await outcome(walkIn({ service: "hair" }, NOW))).toBe(`409 ${STAFF_MESSAGES.walkInNone}`);
      expect(await snapshot()).toEqual(before);
    });
  });
});
