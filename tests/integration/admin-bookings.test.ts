/**
 * The front desk's side of booking on the database: confirming, declining and answering requests
 * with another time (and the client's answer to it), bookings made by staff, blocked time and
 * cancellations. Each change writes its audit row and the client's e-mail with it; a refused
 * change writes nothing; no time is ever held twice, not by two confirms at once, not across two
 * server instances.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { blockSchema, staffBookingSchema, STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { acceptProposal, declineProposal, MANAGE_MESSAGES } from "~/server/booking/commands/client-actions.server";
import { manageToken } from "~/server/booking/notices/manage-link.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import {
  blockTime,
  cancelByStaff,
  confirmBooking,
  createByStaff,
  declineBooking,
  proposeTime,
  removeBlock,
  type StaffContext,
} from "~/server/booking/commands/desk-actions.server";
import { waitingRequestCount } from "~/server/booking/engine/calendar.server";
import { ContentService } from "~/server/content/content.server";
import { openDatabase, type DatabaseHandle, type Db } from "~/server/db/database.server";
import {
  bookingRequest as request,
  deskContext,
  DESK,
  LINKS,
  outcome,
  type RequestOverrides,
  useOneLengthPerService,
} from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");

describe(`the front desk's bookings (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const content = (db: Db = testDb().db) => new ContentService(db);
  const ctx = (db: Db = testDb().db): StaffContext => deskContext(db, NOW);
  const book = (overrides: RequestOverrides = {}) =>
    reserveBooking(testDb().db, content(), request(overrides), { links: LINKS, now: NOW });
  const row = (id: number) =>
    testDb().db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mails = (to = "ada@example.com") =>
    testDb()
      .db.selectFrom("mail_outbox")
      .select(["subject", "text_body", "calendar_body", "compose_input"])
      .where("to_address", "=", to)
      .orderBy("id", "desc")
      .execute()
      .then(withSentBodies);
  const audits = () =>
    testDb()
      .db.selectFrom("audit_log")
      .select(["user_email", "action", "target", "details"])
      .orderBy("id", "desc")
      .execute();
  /** What a refused change must leave as it was. */
  const snapshot = async () => ({
    bookings: await testDb().db.selectFrom("bookings").selectAll().orderBy("id").execute(),
    mails: (await testDb().db.selectFrom("mail_outbox").select("id").execute()).length,
    audits: (await audits()).length,
  });

  beforeEach(async () => {
    await useOneLengthPerService(testDb().db);
    await testDb().db.deleteFrom("bookings").execute();
    await testDb().db.deleteFrom("staff").execute();
    await testDb().db.deleteFrom("mail_outbox").execute();
    await testDb().db.deleteFrom("audit_log").execute();
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  it("confirms a request: confirmed, the client e-mailed and an audit row, in one go; a second confirm changes nothing", async () => {
    const booking = await book();
    expect(await waitingRequestCount(testDb().db)).toBe(1);
    const confirmed = await confirmBooking(ctx(), booking.id);
    expect(confirmed.status).toBe("confirmed");
    expect(await waitingRequestCount(testDb().db)).toBe(0);
    const [mail] = await mails();
    expect(mail.subject).toBe("Your appointment is confirmed — Aurelia Beauty Bar & Suites");
    expect(mail.text_body).toContain("Time: 9:00 AM – 11:00 AM");
    const [entry] = await audits();
    expect(entry).toMatchObject({ user_email: DESK.email, action: "confirmed a booking" });
    expect(entry.target).toBe("Ada Client, Hair, Tue Dec 1 9:00 AM");

    const before = await snapshot();
    await expect(confirmBooking(ctx(), booking.id)).rejects.toMatchObject({
      status: 409,
      message: STAFF_MESSAGES.notPending,
    });
    await expect(confirmBooking(ctx(), 999_999)).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });

  it("two confirms of one request at once, from two server instances: exactly one succeeds, the other is told it was answered", async () => {
    const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
    others.push(second);
    const booking = await book();
    const results = await Promise.all([
      outcome(confirmBooking(ctx(), booking.id)),
      outcome(confirmBooking(ctx(second.db), booking.id)),
      outcome(confirmBooking(ctx(), booking.id)),
      outcome(confirmBooking(ctx(second.db), booking.id)),
    ]);
    expect(results.filter((r) => r === "done")).toHaveLength(1);
    expect(results.filter((r) => r !== "done")).toEqual(Array(3).fill(`409 ${STAFF_MESSAGES.notPending}`));
    expect((await row(booking.id)).status).toBe("confirmed");
    expect(await mails()).toHaveLength(2); // "received your request", then one "confirmed"
    expect((await audits()).filter((a) => a.action === "confirmed a booking")).toHaveLength(1);
  });

  it("a confirm and another time proposed at once for one request: exactly one of them is stored", async () => {
    const booking = await book();
    const results = await Promise.all([
      outcome(confirmBooking(ctx(), booking.id)),
      outcome(proposeTime(ctx(), booking.id, "2026-12-02", "10:00")),
    ]);
    expect(results.filter((r) => r === "done")).toHaveLength(1);
    expect(results).toContain(`409 ${STAFF_MESSAGES.notPending}`);
    const stored = await row(booking.id);
    expect(["confirmed", "proposed"]).toContain(stored.status);
    expect(await audits()).toHaveLength(1);
  });

  it("declines with the reason the client reads; the time is free again; a confirmed booking cannot be declined", async () => {
    const booking = await book();
    const declined = await declineBooking(ctx(), booking.id, "Our stylist is ill that day.");
    expect(declined).toMatchObject({ status: "declined", reason: "Our stylist is ill that day." });
    const [mail] = await mails();
    expect(mail.subject).toBe("We could not take your booking request — Aurelia Beauty Bar & Suites");
    expect(mail.text_body).toContain("Reason: Our stylist is ill that day.");
    expect(mail.text_body).not.toContain("/appointment/");
    expect((await audits())[0]).toMatchObject({ action: "declined a booking request" });
    // The time is free: the next client gets it.
    const next = await book({ email: "bea@example.com" });
    expect(next.startsAt).toBe("2026-12-01T15:00:00.000Z");

    await confirmBooking(ctx(), next.id);
    const before = await snapshot();
    await expect(declineBooking(ctx(), next.id, "Too late")).rejects.toMatchObject({ status: 409 });
    expect(await snapshot()).toEqual(before);
  });

  it("proposes another time: held at once, the first choice kept and freed; the client accepts it and it is confirmed", async () => {
    const booking = await book();
    const other = await book({ start: "2026-12-01T13:00:00-06:00", email: "cleo@example.com" });

    // Into another booking's time: refused, nothing changes.
    const before = await snapshot();
    await expect(proposeTime(ctx(), booking.id, "2026-12-01", "12:00")).rejects.toMatchObject({
      status: 409,
      message: STAFF_MESSAGES.taken,
    });
    await expect(proposeTime(ctx(), booking.id, "2026-11-29", "10:00")).rejects.toMatchObject({
      status: 400,
      message: STAFF_MESSAGES.pastTime,
    });
    expect(await snapshot()).toEqual(before);

    const proposed = await proposeTime(ctx(), booking.id, "2026-12-01", "15:00");
    expect(proposed).toMatchObject({
      status: "proposed",
      starts_at: "2026-12-01T21:00:00.000Z",
      ends_at: "2026-12-01T23:00:00.000Z",
      requested_starts_at: "2026-12-01T15:00:00.000Z",
    });
    const [mail] = await mails();
    expect(mail.subject).toBe("We propose another time for your appointment — Aurelia Beauty Bar & Suites");
    expect(mail.text_body).toContain("Time: 3:00 PM – 5:00 PM");
    expect(mail.text_body).toContain("You asked for: Tuesday, December 1, 9:00 AM");
    const token = manageToken(LINKS.secret, booking.id, proposed.manage_key);
    expect(mail.text_body).toContain(`Accept or decline the new time: https://salon.example/appointment/${token}`);
    expect((await audits())[0]).toMatchObject({ action: "proposed another time" });
    // The first choice is free for others.
    expect((await book({ email: "dee@example.com" })).startsAt).toBe("2026-12-01T15:00:00.000Z");
    // Proposed again: the client's first choice is still the one remembered.
    const again = await proposeTime(ctx(), booking.id, "2026-12-02", "15:00");
    expect(again.requested_starts_at).toBe("2026-12-01T15:00:00.000Z");

    const accepted = await acceptProposal(testDb().db, content(), LINKS, token, NOW);
    expect(accepted).toMatchObject({ status: "confirmed", starts_at: "2026-12-02T21:00:00.000Z" });
    expect((await mails())[0].subject).toBe("Your appointment is confirmed — Aurelia Beauty Bar & Suites");
    expect((await audits())[0]).toMatchObject({ user_email: "ada@example.com", action: "accepted the proposed time" });
    const after = await snapshot();
    await expect(acceptProposal(testDb().db, content(), LINKS, token, NOW)).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.notProposed,
    });
    await expect(declineProposal(testDb().db, content(), LINKS, token, NOW)).rejects.toMatchObject({ status: 409 });
    expect(await snapshot()).toEqual(after);
    expect((await row(other.id)).status).toBe("requested");
  });

  it("the client declines a proposed time: cancelled and freed; a proposal whose time has passed cannot be accepted", async () => {
    const booking = await book();
    const proposed = await proposeTime(ctx(), booking.id, "2026-12-02", "09:00");
    const token = manageToken(LINKS.secret, booking.id, proposed.manage_key);
    const late = Date.parse("2026-12-02T16:00:00Z");
    await expect(acceptProposal(testDb().db, content(), LINKS, token, late)).rejects.toMatchObject({
      message: MANAGE_MESSAGES.proposalPast,
    });
    const declined = await declineProposal(testDb().db, content(), LINKS, token, NOW);
    expect(declined).toMatchObject({ status: "cancelled", reason: "The client declined the proposed time" });
    expect((await mails())[0].subject).toBe("Your appointment is cancelled — Aurelia Beauty Bar & Suites");
    expect((await audits())[0]).toMatchObject({ action: "declined the proposed time" });
    expect((await book({ start: "2026-12-02T09:00:00-06:00", email: "bea@example.com" })).status).toBe("requested");
  });

  it("staff book a client on the phone: confirmed at once, inside the lead time, without e-mail; never on top of a booking", async () => {
    const input = staffBookingSchema.parse({
      service: "hair",
      option: "Men's Haircut",
      staff: "any",
      date: "2026-11-30",
      time: "07:00", // an hour from now, on a day closed online: staff may
      firstName: "Phil",
      lastName: "Phone",
      phone: "(713) 555-0199",
      email: "",
      notes: "Prefers the window seat",
    });
    const made = await createByStaff(ctx(), input);
    expect(made.status).toBe("confirmed");
    expect(await row(made.id)).toMatchObject({
      source: "staff",
      status: "confirmed",
      starts_at: "2026-11-30T13:00:00.000Z",
      email: "",
      notes: "Prefers the window seat",
    });
    // No e-mail to give the client; the salon's notification address is told of the new booking.
    expect(await testDb().db.selectFrom("mail_outbox").select(["to_address", "subject"]).execute()).toEqual([
      { to_address: "hello@aureliabeauty.example", subject: "New booking: Hair, Mon Nov 30, 7:00 AM — Phil Phone" },
    ]);
    expect((await audits())[0]).toMatchObject({ action: "made a booking", details: JSON.stringify({ id: made.id }) });

    const before = await snapshot();
    const overlapping = staffBookingSchema.parse({ ...input, time: "08:00", email: "phil@example.com" });
    await expect(createByStaff(ctx(), overlapping)).rejects.toMatchObject({
      status: 409,
      message: STAFF_MESSAGES.taken,
    });
    expect(await snapshot()).toEqual(before);

    // With an e-mail address the client gets the confirmation.
    await createByStaff(ctx(), staffBookingSchema.parse({ ...input, time: "10:00", email: "phil@example.com" }));
    expect((await mails("phil@example.com"))[0].subject).toBe(
      "Your appointment is confirmed — Aurelia Beauty Bar & Suites",
    );
  });

  it("blocks time: never over a held booking, keeps clients out, and frees the time when removed", async () => {
    const booking = await book();
    const block = (fields: Record<string, string>) =>
      blockTime(
        ctx(),
        blockSchema.parse({ resource: "service:hair", date: "2026-12-01", label: "Training", ...fields }),
      );

    const before = await snapshot();
    await expect(block({ start: "10:00", end: "12:00" })).rejects.toMatchObject({
      status: 409,
      message: STAFF_MESSAGES.taken,
    });
    await expect(block({ resource: "staff:999", start: "12:00", end: "13:00" })).rejects.toMatchObject({
      status: 400,
      message: STAFF_MESSAGES.unknownResource,
    });
    expect(await snapshot()).toEqual(before);

    const id = await block({ start: "13:00", end: "15:00" });
    expect(await row(id)).toMatchObject({
      kind: "block",
      resource: "service:hair",
      status: "confirmed",
      starts_at: "2026-12-01T19:00:00.000Z",
      ends_at: "2026-12-01T21:00:00.000Z",
      notes: "Training",
    });
    expect((await audits())[0]).toMatchObject({
      action: "blocked time",
      target: "Hair, Tue Dec 1 1:00 PM – 3:00 PM: Training",
    });
    await expect(book({ start: "2026-12-01T13:00:00-06:00", email: "bea@example.com" })).rejects.toMatchObject({
      status: 409,
    });
    // A block cannot be confirmed or declined as if it were a booking.
    await expect(confirmBooking(ctx(), id)).rejects.toMatchObject({ status: 404 });

    await removeBlock(ctx(), id);
    expect((await audits())[0]).toMatchObject({ action: "removed a block" });
    await expect(removeBlock(ctx(), id)).rejects.toMatchObject({ status: 404, message: STAFF_MESSAGES.notBlock });
    await expect(removeBlock(ctx(), booking.id)).rejects.toMatchObject({ status: 404 });
    expect((await book({ start: "2026-12-01T13:00:00-06:00", email: "bea@example.com" })).status).toBe("requested");

    // All day: nobody that day.
    await block({ date: "2026-12-02", allDay: "on" });
    await expect(book({ start: "2026-12-02T09:00:00-06:00", email: "cleo@example.com" })).rejects.toMatchObject({
      status: 409,
    });
    expect(
      blockSchema.safeParse({ resource: "service:hair", date: "2026-12-02", start: "12:00", end: "11:00" }).success,
    ).toBe(false);
  });

  it("the salon cancels an appointment: the client is told, the time is free; a cancelled one cannot be cancelled again", async () => {
    const booking = await book();
    await confirmBooking(ctx(), booking.id);
    const cancelled = await cancelByStaff(ctx(), booking.id, "The salon is closed for repairs.");
    expect(cancelled).toMatchObject({ status: "cancelled", reason: "The salon is closed for repairs." });
    const [mail] = await mails();
    expect(mail.subject).toBe("Your appointment is cancelled — Aurelia Beauty Bar & Suites");
    expect(mail.text_body).toContain("We are sorry: we had to cancel the booking below.");
    expect(mail.text_body).toContain("Reason: The salon is closed for repairs.");
    // The confirmation put it in the client's calendar: this e-mail takes it out again.
    expect(mail.calendar_body).toMatch(/^METHOD:CANCEL\r$/m);
    expect(mail.calendar_body).toContain(`UID:booking-${booking.id}@salon.example`);
    expect((await audits())[0]).toMatchObject({ action: "cancelled an appointment" });
    const before = await snapshot();
    await expect(cancelByStaff(ctx(), booking.id)).rejects.toMatchObject({
      status: 409,
      message: STAFF_MESSAGES.notActive,
    });
    expect(await snapshot()).toEqual(before);
    expect((await book({ email: "bea@example.com" })).startsAt).toBe("2026-12-01T15:00:00.000Z");
  });
});
