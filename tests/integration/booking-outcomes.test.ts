/**
 * What became of a booking, on the database: the front desk marks a no-show or a late cancellation
 * and takes it back, each guarded and audited; a cancellation inside the cutoff is late by itself;
 * a client's history is counted from every booking matched by e-mail or phone; a client past the
 * no-show limit cannot hold a time online; a request card's lapse time is when it really lapses.
 */
import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { lapsesAt } from "~/lib/booking/model";
import { clearOutcome, recordOutcome } from "~/server/booking/commands/outcomes.server";
import { cancelByStaff, createByStaff } from "~/server/booking/commands/desk-actions.server";
import { expireRequests } from "~/server/booking/commands/request-expiry.server";
import { pendingEntriesPage } from "~/server/booking/engine/calendar.server";
import { clientKeys } from "~/server/booking/engine/client-cap.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { clientHistories } from "~/server/clients/history.server";
import { ContentService } from "~/server/content/content.server";
import { staffBookingSchema } from "~/lib/booking/staff-forms";
import { insertBookingRow, type BookingRowValues } from "../support/booking-rows";
import { bookingRequest, deskContext, LINKS, outcome, useOneLengthPerService } from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago (the default zone).
const NOW = Date.parse("2026-11-30T12:00:00Z");
const HOUR = 3_600_000;
const ZONE = "America/Chicago";
const ADA = { email: "ada@example.com", phone: "(713) 555-0100" };

describe(`booking outcomes and client history (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const ctx = (now = NOW) => deskContext(db(), now);
  /** A booking of `client` (Ada by default) as staff or a client left it. */
  const visit = (values: BookingRowValues, client: { email: string; phone: string } = ADA) =>
    insertBookingRow(db(), { ...client, ...clientKeys(client), ...values });
  const row = (id: number) => db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const audits = () => db().selectFrom("audit_log").select(["action", "target"]).orderBy("id", "desc").execute();
  const at = (ms: number) => new Date(ms).toISOString();

  beforeEach(async () => {
    await useOneLengthPerService(db());
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("audit_log").execute();
    await saveBookingSettings(db(), BOOKING_SETTINGS_DEFAULTS, null);
  });

  it("marks a begun confirmed appointment a no-show once, with its audit row and a new sequence, and takes it back", async () => {
    const booked = await visit({ starts_at: at(NOW - HOUR) });
    const marked = await recordOutcome(ctx(), booked.id, "no_show");
    expect(marked).toMatchObject({ status: "confirmed", outcome: "no_show", sequence: booked.sequence + 1 });
    expect((await audits())[0]).toMatchObject({ action: "marked a no-show" });
    expect(await outcome(recordOutcome(ctx(), booked.id, "no_show"))).toBe(`409 ${STAFF_MESSAGES.notNoShow}`);

    const back = await clearOutcome(ctx(), booked.id);
    expect(back).toMatchObject({ status: "confirmed", outcome: "", sequence: booked.sequence + 2 });
    expect((await audits())[0]).toMatchObject({ action: "took back a no-show" });
    expect(await outcome(clearOutcome(ctx(), booked.id))).toBe(`409 ${STAFF_MESSAGES.noOutcome}`);
  });

  it("refuses a no-show before the appointment begins or on one that is not confirmed, and changes nothing", async () => {
    const ahead = await visit({ starts_at: at(NOW + HOUR) });
    const request = await visit({ starts_at: at(NOW - HOUR), status: "requested" });
    expect(await outcome(recordOutcome(ctx(), ahead.id, "no_show"))).toBe(`409 ${STAFF_MESSAGES.notNoShow}`);
    expect(await outcome(recordOutcome(ctx(), request.id, "no_show"))).toBe(`409 ${STAFF_MESSAGES.notNoShow}`);
    expect(await outcome(recordOutcome(ctx(), 999_999, "no_show"))).toBe(`404 ${STAFF_MESSAGES.notFound}`);
    expect(await row(ahead.id)).toEqual(ahead);
    expect(await row(request.id)).toEqual(request);
    expect(await audits()).toEqual([]);
  });

  it("a cancellation inside the cutoff is late by itself, one before it is not; staff may mark or take back either", async () => {
    // The default cutoff is 24 hours.
    const soon = await visit({ starts_at: at(NOW + 23 * HOUR) });
    const later = await visit({ starts_at: at(NOW + 25 * HOUR) });
    expect((await cancelByStaff(ctx(), soon.id)).outcome).toBe("late_cancellation");
    expect((await cancelByStaff(ctx(), later.id)).outcome).toBe("");

    expect((await clearOutcome(ctx(), soon.id)).outcome).toBe("");
    expect((await recordOutcome(ctx(), later.id, "late_cancellation")).outcome).toBe("late_cancellation");
    expect((await audits())[0]).toMatchObject({ action: "marked a late cancellation" });
    expect(await outcome(recordOutcome(ctx(), later.id, "late_cancellation"))).toBe(`409 ${STAFF_MESSAGES.notLate}`);
    const confirmed = await visit({ starts_at: at(NOW - HOUR) });
    expect(await outcome(recordOutcome(ctx(), confirmed.id, "late_cancellation"))).toBe(
      `409 ${STAFF_MESSAGES.notLate}`,
    );
  });

  it("counts each client's visits, no-shows and late cancellations over bookings matched by e-mail or phone, in one query", async () => {
    const day = 24 * HOUR;
    // Ada's: two past visits (one under another spelling of her e-mail, one by her phone alone),
    // a no-show, a late cancellation, a cancellation in time, and today's and next week's visits.
    await visit({ starts_at: at(NOW - 10 * day) }, { email: "Ada+salon@Example.com", phone: "" });
    await visit({ starts_at: at(NOW - 9 * day) }, { email: "someone@else.example", phone: "+1 713.555.0100" });
    await visit({ starts_at: at(NOW - 8 * day), outcome: "no_show" });
    await visit({ starts_at: at(NOW - 7 * day), status: "cancelled", outcome: "late_cancellation" });
    await visit({ starts_at: at(NOW - 6 * day), status: "cancelled" });
    await visit({ starts_at: at(NOW - HOUR) });
    await visit({ starts_at: at(NOW + 7 * day) });
    // Someone else's no-show.
    await visit({ starts_at: at(NOW - 5 * day), outcome: "no_show" }, { email: "bo@example.com", phone: "" });

    const asked = [ADA, { email: "new@example.com", phone: "(281) 555-0199" }, { email: "BO@example.com", phone: "" }];
    expect(await clientHistories(db(), asked, ZONE, NOW)).toEqual([
      { visits: 2, noShows: 1, lateCancellations: 1 },
      { visits: 0, noShows: 0, lateCancellations: 0 },
      { visits: 0, noShows: 1, lateCancellations: 0 },
    ]);
    // Today's visit is completed when the salon's day ends (midnight in Chicago).
    const [later] = await clientHistories(db(), [ADA], ZONE, Date.parse("2026-12-01T06:00:00Z"));
    expect(later.visits).toBe(3);
  });

  it("a client's no-shows under an address merged into their record count towards the limit too", async () => {
    const content = new ContentService(db());
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, noShowLimit: 1 }, null);
    const client = (email: string, phone: string) =>
      db()
        .insertInto("clients")
        .values({
          name: "Ada Client",
          email,
          phone,
          email_key: emailKey(email),
          phone_key: phoneKey(phone),
          created_at: at(NOW),
          updated_at: at(NOW),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const ada = await client(ADA.email, ADA.phone);
    // Her no-show under her old work address and phone, on the record it was merged into.
    await visit(
      { starts_at: at(NOW - 48 * HOUR), outcome: "no_show", client_id: ada.id },
      {
        email: "ada.work@example.com",
        phone: "(281) 555-0199",
      },
    );
    const book = () => reserveBooking(db(), content, bookingRequest({ email: ADA.email }), { links: LINKS, now: NOW });
    expect(await outcome(book())).toMatch(/^409 We can no longer hold a time for you online/);
  });

  it("a client with as many no-shows as the limit cannot hold a time online (matched by phone), others and staff still can", async () => {
    const content = new ContentService(db());
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, noShowLimit: 2 }, null);
    const other = { email: "ada.old@example.com", phone: "713-555-0100" };
    await visit({ starts_at: at(NOW - 48 * HOUR), outcome: "no_show" }, other);
    const book = (email = ADA.email) =>
      reserveBooking(db(), content, bookingRequest({ email }), { links: LINKS, now: NOW });

    expect(await outcome(book())).toBe("done");
    await db().deleteFrom("bookings").where("status", "=", "requested").execute();
    await visit({ starts_at: at(NOW - 24 * HOUR), outcome: "no_show" }, other);
    expect(await outcome(book())).toMatch(
      /^409 We can no longer hold a time for you online\. Please send us a request from our contact page/,
    );
    expect(await db().selectFrom("bookings").select("id").where("status", "=", "requested").execute()).toEqual([]);

    const staffBooking = staffBookingSchema.parse({
      service: "hair",
      date: "2026-12-01",
      time: "09:00",
      firstName: "Ada",
      lastName: "Client",
      email: ADA.email,
      phone: ADA.phone,
    });
    expect(await outcome(createByStaff(ctx(), staffBooking))).toBe("done");

    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, noShowLimit: 0 }, null);
    await db().deleteFrom("bookings").where("starts_at", ">", at(NOW)).execute();
    expect(await outcome(book())).toBe("done");
  });

  it("the calendar's requests come ten cards a page, requests before proposals, soonest first, with the totals of all", async () => {
    const row = (i: number, status: "requested" | "proposed") => {
      const start = new Date(NOW + (i + 1) * 24 * HOUR).toISOString();
      return {
        kind: "appointment" as const,
        resource: "service:hair",
        staff_id: null,
        service: "hair",
        option_name: "Cut",
        duration_minutes: 60,
        price: "$60",
        starts_at: start,
        ends_at: new Date(Date.parse(start) + HOUR).toISOString(),
        status,
        requested_starts_at: null,
        first_name: "Client",
        last_name: `${status} ${i}`,
        email: `c${i}@example.com`,
        phone: "",
        notes: "",
        reason: "",
        manage_key: `key-${status}-${i}`,
        source: "online" as const,
        reminder_sent_at: null,
        lapse_warned_for: null,
        created_at: new Date(NOW).toISOString(),
        updated_at: new Date(NOW).toISOString(),
      };
    };
    // Inserted out of order: the page sorts them.
    await db()
      .insertInto("bookings")
      .values([
        ...[3, 1].map((i) => row(i, "proposed")),
        ...[11, 0, 5, 2, 9, 4, 10, 6, 8, 7, 1.5].map((i) => row(i, "requested")),
      ])
      .execute();
    const first = await pendingEntriesPage(db(), 1);
    expect(first).toMatchObject({ waiting: 11, proposed: 2, page: 1, pageCount: 2, offset: 0 });
    expect(first.entries.map((e) => e.lastName)).toEqual(
      [0, 1.5, 2, 4, 5, 6, 7, 8, 9, 10].map((i) => `requested ${i}`),
    );
    const second = await pendingEntriesPage(db(), 2);
    expect(second.entries.map((e) => e.lastName)).toEqual(["requested 11", "proposed 1", "proposed 3"]);
    // Past the end: the last page.
    expect((await pendingEntriesPage(db(), 99)).page).toBe(2);
  });

  it("a request lapses exactly when its card says it will", async () => {
    await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, requestExpiryHours: 2 }, null);
    const content = new ContentService(db());
    await reserveBooking(db(), content, bookingRequest(), { links: LINKS, now: NOW });
    const [card] = (await pendingEntriesPage(db(), 1)).entries;
    const lapse = lapsesAt(card, 2);
    expect(lapse).toBe(Date.parse(card.updatedAt) + 2 * HOUR);
    expect(await expireRequests(db(), content, LINKS, lapse - 1)).toBe(0);
    expect(await expireRequests(db(), content, LINKS, lapse)).toBe(1);
  });
});
