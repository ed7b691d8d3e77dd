/**
 * Booking real free times on the database: the rules refuse what cannot be booked, and no time is
 * ever given twice — not to ten requests at once, not across two server instances.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { saveBookingSettings } from "~/server/booking/model.server";
import {
  cancelByClient,
  clientBookingView,
  findBookingByToken,
  MANAGE_MESSAGES,
  moveByClient,
} from "~/server/booking/commands/client-actions.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { ContentService } from "~/server/content/content.server";
import { nowIso, openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import {
  bookingRequest as request,
  outcome,
  type RequestOverrides,
  useOneLengthPerService,
} from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };

describe(`booking a time (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const content = () => new ContentService(testDb().db);

  beforeEach(async () => {
    await useOneLengthPerService(testDb().db);
    await testDb().db.deleteFrom("bookings").execute();
    await testDb().db.deleteFrom("staff").execute();
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  it("stores a requested booking with its option's length, signs its manage link and queues the client's e-mail", async () => {
    const booking = await reserveBooking(testDb().db, content(), request({ option: "Men's Haircut" }), {
      links: LINKS,
      now: NOW,
    });
    expect(booking.status).toBe("requested");
    expect(booking.startsAt).toBe("2026-12-01T15:00:00.000Z");
    // Every hair option takes two hours in these tests (useOneLengthPerService).
    expect(booking.endsAt).toBe("2026-12-01T17:00:00.000Z");
    const row = await testDb().db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      service: "hair",
      option_name: "Men's Haircut",
      status: "requested",
      first_name: "Ada",
    });
    // The link carries the booking's random key, not its id (which counts the salon's bookings),
    // and is signed: a wrong signature, another secret or another key finds nothing.
    expect(booking.manageToken).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}$/);
    expect(booking.manageToken).not.toMatch(/^\d+\./);
    expect(booking.manageToken.split(".")).not.toContain(String(booking.id));
    expect(await findBookingByToken(testDb().db, LINKS.secret, booking.manageToken)).toMatchObject({ id: booking.id });
    expect(await findBookingByToken(testDb().db, "another-secret", booking.manageToken)).toBeUndefined();
    const [key, signature] = booking.manageToken.split(".");
    for (const forged of [
      `${booking.id}.${"A".repeat(32)}`,
      `${key}.${"A".repeat(32)}`,
      `${"A".repeat(22)}.${signature}`,
    ]) {
      expect(await findBookingByToken(testDb().db, LINKS.secret, forged), forged).toBeUndefined();
    }
    // The client's e-mail is queued with the booking: details, policy and the link.
    const mail = await testDb()
      .db.selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", "ada@example.com")
      .orderBy("id", "desc")
      .execute()
      .then((rows) => withSentBodies(rows)[0]);
    expect(mail.subject).toBe("We received your booking request — Aurelia Beauty Bar & Suites");
    expect(mail.text_body).toContain("Date: Tuesday, December 1, 2026");
    expect(mail.text_body).toContain("Time: 9:00 AM – 11:00 AM");
    expect(mail.text_body).toContain(`Your booking: https://salon.example/appointment/${booking.manageToken}`);
    expect(mail.text_body).not.toMatch(/\/appointment\/\d+\./);
    expect(mail.text_body).toContain("Cancellation & Late Policy");
  });

  it("a manage link in the earlier form (the booking's id and the same signature) still finds its booking; a new key ends both forms", async () => {
    const booking = await reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW });
    const row = await testDb()
      .db.selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    const signature = createHmac("sha256", LINKS.secret)
      .update(`booking-manage:${row.id}:${row.manage_key}`)
      .digest("base64url")
      .slice(0, 32);
    expect(await findBookingByToken(testDb().db, LINKS.secret, `${row.id}.${signature}`)).toMatchObject({ id: row.id });
    expect(await findBookingByToken(testDb().db, LINKS.secret, `${row.id + 1}.${signature}`)).toBeUndefined();
    // A new key (nothing changes it today) ends both forms of the link.
    await testDb()
      .db.updateTable("bookings")
      .set({ manage_key: "B".repeat(22) })
      .where("id", "=", row.id)
      .execute();
    expect(await findBookingByToken(testDb().db, LINKS.secret, `${row.id}.${signature}`)).toBeUndefined();
    expect(await findBookingByToken(testDb().db, LINKS.secret, booking.manageToken)).toBeUndefined();
  });

  it("stores names and notes without NUL, other control or bidi override characters", async () => {
    const booking = await reserveBooking(
      testDb().db,
      content(),
      request({
        firstName: "A\u0000da",
        lastName: "\u202EtneilC\u202C",
        notes: "Ring\u0000 twice\r\n\u2066please\u2069\u001B",
      }),
      { links: LINKS, now: NOW },
    );
    const row = await testDb()
      .db.selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: "Ada", last_name: "tneilC", notes: "Ring twice\r\nplease" });
  });

  it("confirms at once when the salon books instantly", async () => {
    await saveBookingSettings(testDb().db, { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "instant" }, null);
    try {
      const booking = await reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW });
      expect(booking.status).toBe("confirmed");
    } finally {
      await saveBookingSettings(testDb().db, BOOKING_SETTINGS_DEFAULTS, null);
    }
  });

  it("refuses what cannot be booked, with a reason, and stores nothing", async () => {
    const cases: [RequestOverrides, number, string][] = [
      [{ service: "lip-fillers" }, 400, "That service cannot be booked online."],
      [{ option: "Moon Landing" }, 400, "Choose one of the service's options."],
      [{ start: "2026-12-05T10:00:00-06:00" }, 400, "We are closed that day."], // a Saturday
      [{ start: "2026-11-30T07:00:00-06:00" }, 400, "We are closed that day."], // Monday, closed too
      [
        { start: "2026-12-01T09:15:00-06:00" },
        400,
        "That time is not one we offer. Please choose a time from the list.",
      ],
      [{ start: "2026-12-01T17:00:00-06:00" }, 400, BOOKING_REFUSALS.notOffered], // would end after 6
      [{ start: "2027-03-02T09:00:00-06:00" }, 400, "That date is too far ahead to book online."],
    ];
    for (const [overrides, status, message] of cases) {
      const refused = reserveBooking(testDb().db, content(), request(overrides), { links: LINKS, now: NOW });
      await expect(refused, JSON.stringify(overrides)).rejects.toMatchObject({ status, message });
    }
    // Inside the lead time: at 8:00 on Tuesday, 9:00 is too soon.
    const soon = reserveBooking(testDb().db, content(), request(), {
      links: LINKS,
      now: Date.parse("2026-12-01T14:00:00Z"),
    });
    await expect(soon).rejects.toMatchObject({
      status: 400,
      message: "That time is too soon to book online. Please choose a later time or call us.",
    });
    const closure = { from_date: "2026-12-01", to_date: "2026-12-01", label: "Team training", created_at: nowIso() };
    await testDb().db.insertInto("booking_closures").values(closure).execute();
    try {
      await expect(reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW })).rejects.toMatchObject(
        {
          status: 400,
          message: "We are closed that day (Team training).",
        },
      );
    } finally {
      await testDb().db.deleteFrom("booking_closures").execute();
    }
    expect(await testDb().db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  it("ten requests for the last free time at once: exactly one gets it, nine are told it was taken", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        outcome(
          reserveBooking(testDb().db, content(), request({ email: `c${i}@example.com` }), { links: LINKS, now: NOW }),
        ),
      ),
    );
    expect(results.filter((s) => s === "done")).toHaveLength(1);
    expect(results.filter((s) => s === `409 ${BOOKING_REFUSALS.taken}`)).toHaveLength(9);
    expect(await testDb().db.selectFrom("bookings").select("id").execute()).toHaveLength(1);
  });

  it("two server instances on one database never give overlapping times to the same chair", async () => {
    const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
    others.push(second);
    const contents = [content(), new ContentService(second.db)];
    const dbs = [testDb().db, second.db];
    // Two hours each: 9:00, 10:00 and 10:30 all overlap 9:00–11:00 or each other.
    const starts = ["2026-12-01T09:00:00-06:00", "2026-12-01T10:00:00-06:00", "2026-12-01T10:30:00-06:00"];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(
          reserveBooking(dbs[i % 2], contents[i % 2], request({ start: starts[i % 3] }), { links: LINKS, now: NOW }),
        ),
      ),
    );
    expect(results.filter((s) => s === "done").length).toBeGreaterThanOrEqual(1);
    const rows = await testDb()
      .db.selectFrom("bookings")
      .select(["starts_at", "ends_at"])
      .orderBy("starts_at")
      .execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i].starts_at >= rows[i - 1].ends_at).toBe(true);
    expect(results.filter((s) => s === "done")).toHaveLength(rows.length);
    expect(results.filter((s) => s !== "done").every((s) => s.startsWith("409 "))).toBe(true);
  });

  it("with staff: 'any available' fills each person once, a chosen person only them", async () => {
    const at = nowIso();
    const staff = await testDb()
      .db.insertInto("staff")
      .values(
        ["Bea", "Cleo"].map((name, i) => ({
          name,
          services: JSON.stringify(["hair"]),
          display_order: i,
          calendar_token: `token-${name}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(["id", "name"])
      .execute();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        outcome(reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW })),
      ),
    );
    expect(results.filter((s) => s === "done")).toHaveLength(2);
    const booked = await testDb().db.selectFrom("bookings").select("staff_id").execute();
    expect(booked.map((b) => b.staff_id).sort()).toEqual(staff.map((s) => s.id).sort());
    // Cleo is taken at 9; asking for her is refused, even though no one else is free either.
    const cleo = staff.find((s) => s.name === "Cleo")!;
    await expect(
      reserveBooking(testDb().db, content(), request({ staff: cleo.id }), { links: LINKS, now: NOW }),
    ).rejects.toMatchObject({ status: 409 });
    const eleven = await reserveBooking(
      testDb().db,
      content(),
      request({ staff: cleo.id, start: "2026-12-01T11:00:00-06:00" }),
      { links: LINKS, now: NOW },
    );
    expect(eleven.staffId).toBe(cleo.id);
    // Someone who does not do nails cannot be booked for nails.
    await expect(
      reserveBooking(testDb().db, content(), request({ service: "nails", staff: cleo.id }), { links: LINKS, now: NOW }),
    ).rejects.toMatchObject({
      status: 400,
      message: "That person does not take this service. Choose someone else or “Any available”.",
    });
  });

  it("the manage page offers other times only; moving to the booking's own time is refused and changes nothing", async () => {
    await saveBookingSettings(testDb().db, { ...BOOKING_SETTINGS_DEFAULTS, confirmationMode: "approve" }, null);
    const booking = await reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW });
    await testDb().db.updateTable("bookings").set({ status: "confirmed" }).where("id", "=", booking.id).execute();
    const view = await clientBookingView(testDb().db, content(), LINKS.secret, booking.manageToken, "2026-12-01", NOW);
    const offered = (view?.day?.slots ?? []).map((s) => Date.parse(s));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(Date.parse(booking.startsAt));
    const mails = () => testDb().db.selectFrom("mail_outbox").select("id").execute();
    const before = await mails();

    await expect(
      moveByClient(testDb().db, content(), LINKS, booking.manageToken, Date.parse(booking.startsAt), NOW),
    ).rejects.toMatchObject({ status: 400, message: MANAGE_MESSAGES.sameTime });
    const row = await testDb()
      .db.selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "confirmed", starts_at: booking.startsAt });
    expect(await mails()).toEqual(before);
  });

  it("from the manage link the client moves a booking to a free time, then cancels it; the times free up", async () => {
    const booking = await reserveBooking(testDb().db, content(), request(), { links: LINKS, now: NOW });
    const other = await reserveBooking(testDb().db, content(), request({ start: "2026-12-01T13:00:00-06:00" }), {
      links: LINKS,
      now: NOW,
    });
    expect((await findBookingByToken(testDb().db, LINKS.secret, booking.manageToken))?.id).toBe(booking.id);
    expect(await findBookingByToken(testDb().db, LINKS.secret, "x".repeat(32))).toBeUndefined();

    // Into someone else's time: refused, nothing changes.
    const into = moveByClient(
      testDb().db,
      content(),
      LINKS,
      booking.manageToken,
      Date.parse("2026-12-01T12:00:00-06:00"),
      NOW,
    );
    await expect(into).rejects.toMatchObject({
      status: 409,
      message: "Sorry, that time was just taken. Please choose another time.",
    });
    // Overlapping only its own old time is fine: 10:00–12:00 overlaps 9:00–11:00.
    const moved = await moveByClient(
      testDb().db,
      content(),
      LINKS,
      booking.manageToken,
      Date.parse("2026-12-01T10:00:00-06:00"),
      NOW,
    );
    expect(moved).toMatchObject({ starts_at: "2026-12-01T16:00:00.000Z", status: "requested" });
    const cancelled = await cancelByClient(testDb().db, content(), LINKS, booking.manageToken, NOW);
    expect(cancelled.status).toBe("cancelled");
    // Each change e-mailed the client: the move with its new time, then the cancellation.
    const mails = await testDb()
      .db.selectFrom("mail_outbox")
      .select(["subject", "text_body", "calendar_body", "compose_input"])
      .where("to_address", "=", "ada@example.com")
      .orderBy("id", "desc")
      .limit(2)
      .execute()
      .then(withSentBodies);
    expect(mails[1].subject).toMatch(/^Your appointment has moved — /);
    expect(mails[1].text_body).toContain("Time: 10:00 AM – 12:00 PM");
    expect(mails[0].subject).toMatch(/^Your appointment is cancelled — /);
    expect(mails[0].text_body).not.toContain("/appointment/");
    await expect(cancelByClient(testDb().db, content(), LINKS, booking.manageToken, NOW)).rejects.toMatchObject({
      message: MANAGE_MESSAGES.notActive,
    });
    const again = await reserveBooking(testDb().db, content(), request({ start: "2026-12-01T10:00:00-06:00" }), {
      links: LINKS,
      now: NOW,
    });
    expect(again.startsAt).toBe("2026-12-01T16:00:00.000Z");

    // Within 24 hours of the appointment the link no longer changes it.
    const dayBefore = Date.parse("2026-12-01T13:00:00-06:00") - 23 * 3_600_000;
    await expect(cancelByClient(testDb().db, content(), LINKS, other.manageToken, dayBefore)).rejects.toMatchObject({
      message: MANAGE_MESSAGES.pastCutoff,
    });
  });
});
