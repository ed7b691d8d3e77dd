/**
 * The booking commands at their edges, on the database: what the client's link may still do, and
 * when not; what the front desk's answers, cancels, bookings and blocks write (audit row, e-mail,
 * the row itself) and what they refuse; requests that lapse; the bulk decline; the cap on one
 * client's upcoming bookings; and the limit per client address. Each refusal changes nothing.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { blockSchema, STAFF_MESSAGES, staffBookingSchema } from "~/lib/booking/staff-forms";
import { BOOKING_LIMIT_WINDOW_MS, bookingLimiter } from "~/server/booking/engine/booking-limit.server";
import { bookingLimitRefusal, giveBackBookingLimit } from "~/server/booking/commands/book-online.server";
import { BULK_DECLINE_MAX, BULK_DECLINE_REASON, declineSelected } from "~/server/booking/commands/bulk-decline.server";
import { findEntry } from "~/server/booking/engine/calendar.server";
import {
  acceptProposal,
  cancelByClient,
  declineProposal,
  MANAGE_MESSAGES,
  moveByClient,
} from "~/server/booking/commands/client-actions.server";
import { lapsesAt } from "~/server/booking/notices/notify.server";
import { expireRequests } from "~/server/booking/commands/request-expiry.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
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
import { ContentService } from "~/server/content/content.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import { DatabaseRateLimiter, type FormRateLimiter } from "~/server/http/rate-limit.server";
import type { AppServices } from "~/server/app-services";
import { nowIso, type DatabaseHandle, type Db } from "~/server/db/database.server";
import {
  bookingRequest,
  ContentServiceWithInterruption,
  databaseWithInterruption,
  deskContext,
  DESK,
  LINKS,
  outcome,
  type RequestOverrides,
} from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";
import { withSentBodies } from "../support/queued-mail";

// Monday 2026-11-30, 6:00 in Chicago (the default zone); the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe(`the booking commands (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const db = () => testDb().db;
  const content = (on: Db = db()) => new ContentService(on);
  const ctx = (now = NOW): StaffContext => deskContext(db(), now);
  const book = (overrides: RequestOverrides = {}) =>
    reserveBooking(db(), content(), bookingRequest(overrides), { links: LINKS, now: NOW });
  const row = (id: number) => db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mails = (to?: string) => {
    let query = db()
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body", "calendar_body", "compose_input"])
      .orderBy("id");
    if (to) query = query.where("to_address", "=", to);
    return query.execute().then(withSentBodies);
  };
  const audits = () =>
    db().selectFrom("audit_log").select(["user_email", "action", "target", "details"]).orderBy("id").execute();
  /** What a refused command must leave as it was. */
  const snapshot = async () => ({
    bookings: await db().selectFrom("bookings").selectAll().orderBy("id").execute(),
    mails: (await mails()).length,
    audits: (await audits()).length,
  });

  async function addStaff(name: string, services = ["hair"]) {
    const stamp = nowIso();
    const added = await db()
      .insertInto("staff")
      .values({
        name,
        services: JSON.stringify(services),
        calendar_token: `${name.toLowerCase()}-`.padEnd(32, "x"),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return added.id;
  }
  const deactivate = (id: number) => db().updateTable("staff").set({ is_active: 0 }).where("id", "=", id).execute();

  beforeEach(async () => {
    for (const table of ["bookings", "staff", "mail_outbox", "audit_log", "booking_closures"] as const)
      await db().deleteFrom(table).execute();
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  describe("the client's link", () => {
    it("a link that finds no booking: every action is refused with 404 and the words to use the e-mail's link", async () => {
      const booking = await book();
      const unknown = `${"A".repeat(22)}.${"B".repeat(32)}`;
      const before = await snapshot();
      const refused = `404 ${MANAGE_MESSAGES.notFound}`;
      expect(await outcome(cancelByClient(db(), content(), LINKS, unknown, NOW))).toBe(refused);
      expect(await outcome(moveByClient(db(), content(), LINKS, unknown, at("2026-12-02T09:00:00-06:00"), NOW))).toBe(
        refused,
      );
      expect(await outcome(acceptProposal(db(), content(), LINKS, unknown, NOW))).toBe(refused);
      expect(await outcome(declineProposal(db(), content(), LINKS, unknown, NOW))).toBe(refused);
      expect(await snapshot()).toEqual(before);
      expect((await row(booking.id)).status).toBe("requested");
    });

    it("changes the booking until exactly the cancellation cutoff (24 hours before), not from then on", async () => {
      const booking = await book();
      const cutoff = at(booking.startsAt) - 24 * HOUR;
      const before = await snapshot();
      expect(await outcome(cancelByClient(db(), content(), LINKS, booking.manageToken, cutoff))).toBe(
        `409 ${MANAGE_MESSAGES.pastCutoff}`,
      );
      expect(
        await outcome(
          moveByClient(db(), content(), LINKS, booking.manageToken, at("2026-12-02T09:00:00-06:00"), cutoff),
        ),
      ).toBe(`409 ${MANAGE_MESSAGES.pastCutoff}`);
      expect(await snapshot()).toEqual(before);
      const cancelled = await cancelByClient(db(), content(), LINKS, booking.manageToken, cutoff - 1);
      expect(cancelled.status).toBe("cancelled");
    });

    it("a booking no longer active says so, also inside the cutoff, where a live one would be 'too close'", async () => {
      const booking = await book();
      await cancelByStaff(ctx(), booking.id, "We are closed for repairs.");
      const late = at(booking.startsAt) - HOUR;
      const before = await snapshot();
      expect(await outcome(cancelByClient(db(), content(), LINKS, booking.manageToken, late))).toBe(
        `409 ${MANAGE_MESSAGES.notActive}`,
      );
      expect(
        await outcome(moveByClient(db(), content(), LINKS, booking.manageToken, at("2026-12-02T09:00:00-06:00"), late)),
      ).toBe(`409 ${MANAGE_MESSAGES.notActive}`);
      expect(await snapshot()).toEqual(before);
    });

    it("the client's cancel: the admin reads 'Cancelled by the client' on the booking", async () => {
      const booking = await book();
      await cancelByClient(db(), content(), LINKS, booking.manageToken, NOW);
      expect(await findEntry(db(), booking.id)).toMatchObject({
        status: "cancelled",
        reason: "Cancelled by the client",
      });
    });

    it("a move follows the online rules: not to a day the salon is closed, nor outside its hours, though staff could", async () => {
      const booking = await book();
      const before = await snapshot();
      // Monday: closed online all day.
      expect(
        await outcome(moveByClient(db(), content(), LINKS, booking.manageToken, at("2026-12-07T10:00:00-06:00"), NOW)),
      ).toBe(`400 ${BOOKING_REFUSALS.closed("Closed")}`);
      // Wednesday at 7:00, before the salon opens.
      expect(
        await outcome(moveByClient(db(), content(), LINKS, booking.manageToken, at("2026-12-02T07:00:00-06:00"), NOW)),
      ).toBe(`400 ${BOOKING_REFUSALS.notOffered}`);
      expect(await snapshot()).toEqual(before);
    });

    it("a booking with someone no longer on the staff, or of a service no longer booked online, is moved by phone only", async () => {
      const bea = await addStaff("Bea");
      const cleo = await addStaff("Cleo");
      const withBea = await book({ staff: bea });
      const withCleo = await book({ staff: cleo, start: "2026-12-01T13:00:00-06:00" });
      const wednesday = at("2026-12-02T09:00:00-06:00");
      const callUs = `409 ${MANAGE_MESSAGES.callToMove}`;

      // Bea left; Cleo still does hair, but the booking is Bea's.
      await deactivate(bea);
      let before = await snapshot();
      expect(await outcome(moveByClient(db(), content(), LINKS, withBea.manageToken, wednesday, NOW))).toBe(callUs);
      expect(await snapshot()).toEqual(before);

      // Nobody is on the staff any more: a person's booking does not fall back to the service's chair.
      await deactivate(cleo);
      before = await snapshot();
      expect(await outcome(moveByClient(db(), content(), LINKS, withCleo.manageToken, wednesday, NOW))).toBe(callUs);
      expect(await snapshot()).toEqual(before);

      // A service taken off the online catalogue.
      const chair = await book({ start: "2026-12-03T09:00:00-06:00" });
      await db().updateTable("bookings").set({ service: "retired-service" }).where("id", "=", chair.id).execute();
      before = await snapshot();
      expect(await outcome(moveByClient(db(), content(), LINKS, chair.manageToken, wednesday, NOW))).toBe(callUs);
      expect(await snapshot()).toEqual(before);
    });

    it("a proposed time can be answered until it starts; at its start it has passed", async () => {
      const booking = await book();
      const proposed = await proposeTime(ctx(), booking.id, "2026-12-02", "09:00");
      const start = at(proposed.starts_at);
      const before = await snapshot();
      for (const answer of [acceptProposal, declineProposal])
        expect(await outcome(answer(db(), content(), LINKS, booking.manageToken, start))).toBe(
          `409 ${MANAGE_MESSAGES.proposalPast}`,
        );
      expect(await snapshot()).toEqual(before);
      expect((await acceptProposal(db(), content(), LINKS, booking.manageToken, start - 1)).status).toBe("confirmed");
    });

    it("answering a booking that has no proposed time says so, even once its time has passed", async () => {
      const booking = await book();
      await confirmBooking(ctx(), booking.id);
      const after = at(booking.startsAt) + HOUR;
      const before = await snapshot();
      for (const answer of [acceptProposal, declineProposal])
        expect(await outcome(answer(db(), content(), LINKS, booking.manageToken, after))).toBe(
          `409 ${MANAGE_MESSAGES.notProposed}`,
        );
      expect(await snapshot()).toEqual(before);
    });

    it("the salon proposes again while the client accepts the earlier time: the client's answer is refused, the new time stands", async () => {
      const booking = await book();
      await proposeTime(ctx(), booking.id, "2026-12-02", "09:00");
      const client = new ContentServiceWithInterruption(db()).interruptWith(() =>
        proposeTime(ctx(), booking.id, "2026-12-03", "11:00"),
      );
      expect(await outcome(acceptProposal(db(), client, LINKS, booking.manageToken, NOW))).toBe(
        `409 ${MANAGE_MESSAGES.notProposed}`,
      );
      expect(await row(booking.id)).toMatchObject({ status: "proposed", starts_at: "2026-12-03T17:00:00.000Z" });
    });

    it("the client's answers to a proposed time are audited with their name and the booking", async () => {
      const accepted = await book();
      await proposeTime(ctx(), accepted.id, "2026-12-02", "09:00");
      await acceptProposal(db(), content(), LINKS, accepted.manageToken, NOW);
      const declined = await book({ firstName: "Bea", lastName: "Other", email: "bea@example.com" });
      await proposeTime(ctx(), declined.id, "2026-12-03", "09:00");
      await declineProposal(db(), content(), LINKS, declined.manageToken, NOW);
      expect((await audits()).filter((a) => a.user_email !== DESK.email)).toEqual([
        {
          user_email: "ada@example.com",
          action: "accepted the proposed time",
          target: "Ada Client",
          details: JSON.stringify({ id: accepted.id }),
        },
        {
          user_email: "bea@example.com",
          action: "declined the proposed time",
          target: "Bea Other",
          details: JSON.stringify({ id: declined.id }),
        },
      ]);
      expect(await findEntry(db(), declined.id)).toMatchObject({
        reason: "The client declined the proposed time",
      });
    });
  });

  describe("declining many requests at once", () => {
    it("declines the selected requests and proposed times, each audited, without e-mail; leaves the rest; says how many", async () => {
      const requested = await book();
      const proposed = await book({ start: "2026-12-01T13:00:00-06:00", email: "bea@example.com" });
      await proposeTime(ctx(), proposed.id, "2026-12-02", "13:00");
      const confirmed = await book({ start: "2026-12-03T09:00:00-06:00", email: "cleo@example.com" });
      await confirmBooking(ctx(), confirmed.id);
      const cancelled = await book({ start: "2026-12-03T13:00:00-06:00", email: "dee@example.com" });
      await cancelByClient(db(), content(), LINKS, cancelled.manageToken, NOW);
      const block = await blockTime(
        ctx(),
        blockSchema.parse({ resource: "service:hair", date: "2026-12-04", start: "09:00", end: "10:00" }),
      );
      const before = { mails: (await mails()).length, audits: (await audits()).length };

      const ids = [requested.id, proposed.id, confirmed.id, cancelled.id, block, 999_999, requested.id];
      expect(await declineSelected(ctx(), ids)).toBe(2);
      const status = async (id: number) => {
        const { status, reason } = await row(id);
        return { status, reason };
      };
      expect(await status(requested.id)).toEqual({ status: "declined", reason: BULK_DECLINE_REASON });
      expect(await status(proposed.id)).toEqual({ status: "declined", reason: BULK_DECLINE_REASON });
      expect((await row(confirmed.id)).status).toBe("confirmed");
      expect((await row(cancelled.id)).status).toBe("cancelled");
      expect((await row(block)).kind).toBe("block");
      expect((await mails()).length).toBe(before.mails);
      expect((await audits()).slice(before.audits)).toEqual([
        {
          user_email: DESK.email,
          action: "declined a booking request (in bulk, no e-mail)",
          target: "Ada Client, Hair, Tue Dec 1 9:00 AM",
          details: JSON.stringify({ id: requested.id }),
        },
        {
          user_email: DESK.email,
          action: "declined a booking request (in bulk, no e-mail)",
          target: "Ada Client, Hair, Wed Dec 2 1:00 PM",
          details: JSON.stringify({ id: proposed.id }),
        },
      ]);
      // Their times are free again.
      expect((await book({ email: "eve@example.com" })).status).toBe("requested");
      expect(await declineSelected(ctx(), ids)).toBe(0);
    });

    it("takes at most 500 requests a post, each counted once however often it is selected", async () => {
      const first = await book();
      const second = await book({ start: "2026-12-01T13:00:00-06:00", email: "bea@example.com" });
      const unknown = Array.from({ length: BULK_DECLINE_MAX }, (_, i) => 1_000_000 + i);
      expect(await declineSelected(ctx(), [...unknown, first.id])).toBe(0);
      expect((await row(first.id)).status).toBe("requested");
      expect(await declineSelected(ctx(), [...Array(BULK_DECLINE_MAX).fill(first.id), second.id])).toBe(2);
      expect((await row(second.id)).status).toBe("declined");
    });
    it("a selected request the client moved, or the salon confirmed, before the decline reached it is left as it is and not counted", async () => {
      const moved = await book();
      const wednesday = at("2026-12-02T09:00:00-06:00");
      const clientMoves = () => moveByClient(db(), content(), LINKS, moved.manageToken, wednesday, NOW);
      expect(await declineSelected({ ...ctx(), db: databaseWithInterruption(db(), clientMoves) }, [moved.id])).toBe(0);
      expect(await row(moved.id)).toMatchObject({ status: "requested", starts_at: "2026-12-02T15:00:00.000Z" });

      const answered = await book({ start: "2026-12-03T09:00:00-06:00", email: "bea@example.com" });
      const deskConfirms = () => confirmBooking(ctx(), answered.id);
      expect(await declineSelected({ ...ctx(), db: databaseWithInterruption(db(), deskConfirms) }, [answered.id])).toBe(
        0,
      );
      expect((await row(answered.id)).status).toBe("confirmed");
      expect((await audits()).map((a) => a.action)).toEqual(["confirmed a booking"]);
    });
  });

  describe("requests and proposed times that lapse", () => {
    /** Stamps a booking as last changed at `iso`: its request or proposal lapses 48 hours later. */
    const madeAt = (id: number, iso: string) =>
      db().updateTable("bookings").set({ updated_at: iso }).where("id", "=", id).execute();
    const lapsed = async () =>
      (await mails("ada@example.com")).filter((m) => m.subject.startsWith("Your booking request has lapsed"));

    it("a request lapses exactly 48 hours after it was made, or exactly at its start, not a moment before", async () => {
      const old = await book({ start: "2026-12-03T09:00:00-06:00" });
      await madeAt(old.id, new Date(NOW - 48 * HOUR).toISOString());
      const soon = await book();
      await madeAt(soon.id, new Date(NOW - HOUR).toISOString());
      const start = at(soon.startsAt);
      expect(lapsesAt(await row(old.id), 48)).toBe(NOW);
      expect(lapsesAt(await row(soon.id), 48)).toBe(start);

      expect(await expireRequests(db(), content(), LINKS, NOW - 1)).toBe(0);
      expect(await expireRequests(db(), content(), LINKS, NOW)).toBe(1);
      expect(await row(old.id)).toMatchObject({ status: "expired", reason: "Not answered in time" });
      expect(await audits()).toEqual([
        {
          user_email: null,
          action: "expired a booking request",
          target: "Ada Client, Hair, Thu Dec 3 9:00 AM",
          details: JSON.stringify({ id: old.id }),
        },
      ]);
      expect(await expireRequests(db(), content(), LINKS, start - 1)).toBe(0);
      expect(await expireRequests(db(), content(), LINKS, start)).toBe(1);
      expect((await row(soon.id)).status).toBe("expired");
      expect(await lapsed()).toHaveLength(2);
    });

    it("lapses are handled oldest booking first: the clients' e-mails queue in that order", async () => {
      const wednesday = await book({ start: "2026-12-02T09:00:00-06:00", firstName: "First" });
      const tuesday = await book({ firstName: "Second" });
      for (const { id } of [wednesday, tuesday]) await madeAt(id, "2026-01-01T10:00:00.000Z");
      expect(await expireRequests(db(), content(), LINKS, NOW)).toBe(2);
      expect((await lapsed()).map((m) => (m.text_body ?? "").split("\n")[0])).toEqual(["Dear First,", "Dear Second,"]);
    });

    it("a lapse that fails for another reason than a change meanwhile fails the round loudly, and leaves that booking as it was", async () => {
      const fine = await book();
      const unreadable = await book({ start: "2026-12-02T09:00:00-06:00" });
      await db().updateTable("bookings").set({ starts_at: "not a time" }).where("id", "=", unreadable.id).execute();
      for (const { id } of [fine, unreadable]) await madeAt(id, "2026-01-01T10:00:00.000Z");
      await expect(expireRequests(db(), content(), LINKS, NOW)).rejects.toThrow(RangeError);
      expect((await row(fine.id)).status).toBe("expired");
      expect(await row(unreadable.id)).toMatchObject({ status: "requested", updated_at: "2026-01-01T10:00:00.000Z" });
    });

    it("a request the client moved while a round was under way is not that round's to expire", async () => {
      const booking = await book();
      await madeAt(booking.id, "2026-01-01T10:00:00.000Z");
      const wednesday = at("2026-12-02T09:00:00-06:00");
      const round = new ContentServiceWithInterruption(db()).interruptWith(() =>
        moveByClient(db(), content(), LINKS, booking.manageToken, wednesday, NOW),
      );
      expect(await expireRequests(db(), round, LINKS, NOW)).toBe(0);
      expect(await row(booking.id)).toMatchObject({ status: "requested", starts_at: "2026-12-02T15:00:00.000Z" });
      expect(await lapsed()).toEqual([]);
    });
  });

  describe("the front desk", () => {
    const block = (fields: Record<string, string>) =>
      blockTime(ctx(), blockSchema.parse({ resource: "service:hair", date: "2026-12-01", ...fields }));
    const lastAudit = async () => (await audits()).at(-1);

    it("a request the client moved while the salon answered it: the answer is refused, the client's new time stands", async () => {
      const booking = await book();
      const answers = [
        (desk: StaffContext) => confirmBooking(desk, booking.id),
        (desk: StaffContext) => declineBooking(desk, booking.id, "Fully booked"),
      ];
      for (const answer of answers) {
        const moved = new Date(at((await row(booking.id)).starts_at) + 24 * HOUR);
        const clientMoves = () => moveByClient(db(), content(), LINKS, booking.manageToken, moved.getTime(), NOW);
        const desk = { ...ctx(), content: new ContentServiceWithInterruption(db()).interruptWith(clientMoves) };
        expect(await outcome(answer(desk))).toBe(`409 ${STAFF_MESSAGES.notPending}`);
        expect(await row(booking.id)).toMatchObject({ status: "requested", starts_at: moved.toISOString() });
      }
    });

    it("each answer is audited with the booking, and a decline's reason; the person booked is told of the decline", async () => {
      const bea = await addStaff("Bea");
      await db().updateTable("staff").set({ email: "bea@aurelia.example" }).where("id", "=", bea).execute();
      const confirmed = await book();
      await confirmBooking(ctx(), confirmed.id);
      expect(await lastAudit()).toMatchObject({
        action: "confirmed a booking",
        details: JSON.stringify({ id: confirmed.id }),
      });
      const declined = await book({ staff: bea, start: "2026-12-02T09:00:00-06:00" });
      await declineBooking(ctx(), declined.id, "Bea is ill that day.");
      expect(await lastAudit()).toMatchObject({
        action: "declined a booking request",
        target: "Ada Client, Hair, Wed Dec 2 9:00 AM",
        details: JSON.stringify({ id: declined.id, reason: "Bea is ill that day." }),
      });
      const told = (await mails("bea@aurelia.example")).at(-1)!;
      expect(told.subject).toBe("Request declined: Hair, Wed Dec 2, 9:00 AM — Ada Client");
      expect(told.text_body).toContain("Reason: Bea is ill that day.");

      const proposed = await book({ start: "2026-12-03T09:00:00-06:00" });
      await proposeTime(ctx(), proposed.id, "2026-12-03", "13:00");
      expect(await lastAudit()).toMatchObject({
        action: "proposed another time",
        target: "Ada Client, Hair, Thu Dec 3 1:00 PM",
        details: JSON.stringify({ id: proposed.id, requested: "2026-12-03T15:00:00.000Z" }),
      });
    });

    it("another time is proposed only for a request, only ahead of now, and only on the salon's clock", async () => {
      const booking = await book();
      const before = await snapshot();
      // 6:00 on Monday is now: not ahead.
      expect(await outcome(proposeTime(ctx(), booking.id, "2026-11-30", "06:00"))).toBe(
        `400 ${STAFF_MESSAGES.pastTime}`,
      );
      // 2:30 on the morning the clocks go forward does not happen in Chicago.
      expect(await outcome(proposeTime(ctx(), booking.id, "2027-03-14", "02:30"))).toBe(`400 ${STAFF_MESSAGES.noTime}`);
      expect(await snapshot()).toEqual(before);
      await confirmBooking(ctx(), booking.id);
      const confirmed = await snapshot();
      expect(await outcome(proposeTime(ctx(), booking.id, "2026-12-02", "09:00"))).toBe(
        `409 ${STAFF_MESSAGES.notPending}`,
      );
      expect(await snapshot()).toEqual(confirmed);
    });

    it("a time proposed on a day closed online is the front desk's to give; over a block there it is refused as overlapping", async () => {
      const booking = await book();
      await block({ date: "2026-12-07", start: "10:00", end: "12:00", label: "Deep clean" });
      const before = await snapshot();
      expect(await outcome(proposeTime(ctx(), booking.id, "2026-12-07", "11:00"))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      expect(await snapshot()).toEqual(before);
      expect((await proposeTime(ctx(), booking.id, "2026-12-07", "13:00")).starts_at).toBe("2026-12-07T19:00:00.000Z");
    });

    it("the salon's cancel without a reason: none stored, none in the client's e-mail; the audit row says which booking", async () => {
      const quiet = await book();
      await cancelByStaff(ctx(), quiet.id);
      expect((await row(quiet.id)).reason).toBe("");
      const mail = (await mails("ada@example.com")).at(-1)!;
      expect(mail.subject).toBe("Your appointment is cancelled — Aurelia Beauty Bar & Suites");
      expect(mail.text_body).not.toContain("Reason:");
      expect(await lastAudit()).toMatchObject({
        action: "cancelled an appointment",
        target: "Ada Client, Hair, Tue Dec 1 9:00 AM",
        details: JSON.stringify({ id: quiet.id, reason: "" }),
      });
      const told = await book({ start: "2026-12-02T09:00:00-06:00" });
      await cancelByStaff(ctx(), told.id, "Closed for repairs.");
      expect(await lastAudit()).toMatchObject({
        details: JSON.stringify({ id: told.id, reason: "Closed for repairs." }),
      });
    });

    it("a booking by phone keeps the option chosen and is audited with the client, service and time; a time the clocks skip is refused", async () => {
      const input = {
        service: "hair",
        option: "Men's Haircut",
        staff: "any",
        date: "2026-12-01",
        time: "09:00",
        firstName: "Phil",
        lastName: "Phone",
        phone: "(713) 555-0199",
      };
      const made = await createByStaff(ctx(), staffBookingSchema.parse(input));
      expect(await row(made.id)).toMatchObject({ option_name: "Men's Haircut", source: "staff", status: "confirmed" });
      expect(await lastAudit()).toMatchObject({
        action: "made a booking",
        target: "Phil Phone, Hair, Tue Dec 1 9:00 AM",
        details: JSON.stringify({ id: made.id }),
      });
      const plain = await createByStaff(ctx(), staffBookingSchema.parse({ ...input, option: "", time: "13:00" }));
      expect((await row(plain.id)).option_name).toBe("Women's Haircut & Style");
      const before = await snapshot();
      expect(
        await outcome(createByStaff(ctx(), staffBookingSchema.parse({ ...input, date: "2027-03-14", time: "02:30" }))),
      ).toBe(`400 ${STAFF_MESSAGES.noTime}`);
      expect(await snapshot()).toEqual(before);
    });

    it("a booking by phone keeps the salon's buffer before and after the chair's other appointments; another chair's do not count", async () => {
      await saveBookingSettings(db(), { ...BOOKING_SETTINGS_DEFAULTS, bufferMinutes: 15 }, null);
      const clock = (minutes: number) =>
        `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      const phone = (minutes: number, service = "hair") =>
        createByStaff(
          ctx(),
          staffBookingSchema.parse({
            service,
            option: "",
            staff: "any",
            date: "2026-12-01",
            time: clock(minutes),
            firstName: "Phil",
            lastName: "Phone",
            phone: "(713) 555-0199",
          }),
        );
      const first = await phone(11 * 60);
      const length = (await row(first.id)).duration_minutes;
      const ends = 11 * 60 + length;
      // After it: its end is inside the buffer, the end of the buffer is free.
      expect(await outcome(phone(ends))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      expect(await outcome(phone(ends + 10))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      await phone(ends + 15);
      // Before it: the new appointment's own buffer must end by its start.
      expect(await outcome(phone(11 * 60 - length))).toBe(`409 ${STAFF_MESSAGES.taken}`);
      await phone(11 * 60 - length - 15);
      // Another chair at the very same time.
      await phone(11 * 60, "nails");
    });

    it("a block carries no client, service or price; it is audited with the person or chair by name, also when removed", async () => {
      // Wednesday's booking does not keep a two-hour block on Tuesday out.
      await book({ start: "2026-12-02T09:00:00-06:00" });
      const id = await block({ start: "13:00", end: "15:00" });
      expect(await row(id)).toMatchObject({
        kind: "block",
        resource: "service:hair",
        staff_id: null,
        service: "",
        option_name: "",
        duration_minutes: 120,
        price: "",
        starts_at: "2026-12-01T19:00:00.000Z",
        ends_at: "2026-12-01T21:00:00.000Z",
        status: "confirmed",
        requested_starts_at: null,
        first_name: "",
        last_name: "",
        email: "",
        phone: "",
        notes: "",
        reason: "",
        source: "staff",
      });
      expect(await findEntry(db(), id)).toMatchObject({ service: "", reason: "", notes: "" });
      expect(await lastAudit()).toEqual({
        user_email: DESK.email,
        action: "blocked time",
        target: "Hair, Tue Dec 1 1:00 PM – 3:00 PM",
        details: JSON.stringify({ id }),
      });
      await removeBlock(ctx(), id);
      expect(await lastAudit()).toEqual({
        user_email: DESK.email,
        action: "removed a block",
        target: "Hair, Tue Dec 1 1:00 PM",
        details: JSON.stringify({ id }),
      });

      const allDay = await block({ date: "2026-12-03", allDay: "on", label: "Training" });
      expect(await lastAudit()).toMatchObject({ target: "Hair, Thu Dec 3 (all day): Training" });
      await removeBlock(ctx(), allDay);
      expect(await lastAudit()).toMatchObject({ target: "Hair, Thu Dec 3 12:00 AM: Training" });

      const bea = await addStaff("Bea");
      const hers = await block({ resource: `staff:${bea}`, start: "10:00", end: "11:00", label: "Dentist" });
      expect(await lastAudit()).toMatchObject({ target: "Bea, Tue Dec 1 10:00 AM – 11:00 AM: Dentist" });
      await deactivate(bea);
      await removeBlock(ctx(), hers);
      expect(await lastAudit()).toMatchObject({ target: "Bea, Tue Dec 1 10:00 AM: Dentist" });
    });
    it("a block on the chair of a service no longer offered is removed, audited under the chair's key", async () => {
      const id = await block({ start: "13:00", end: "15:00" });
      const chair = db().insertInto("booking_resources").values({ key: "service:retired" });
      await chair.onConflict((oc) => oc.column("key").doNothing()).execute();
      await db().updateTable("bookings").set({ resource: "service:retired" }).where("id", "=", id).execute();
      await removeBlock(ctx(), id);
      expect(await lastAudit()).toMatchObject({
        action: "removed a block",
        target: "service:retired, Tue Dec 1 1:00 PM",
      });
    });
  });

  describe("the booking limit per client address", () => {
    const ADDRESS = "203.0.113.7";
    const DAY_SECONDS = BOOKING_LIMIT_WINDOW_MS / 1000;
    const rows = () => db().selectFrom("rate_limits").select(["key", "count"]).execute();

    /** A request's context as the server gives it: the services the limit reads, and the client's address. */
    function requestFrom(clientIp: string, limiter: FormRateLimiter, logged: string[] = []) {
      const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
      const services: Pick<AppServices, "bookingLimiter" | "content" | "logger"> = {
        bookingLimiter: limiter,
        content: content(),
        logger,
      };
      const context = new RouterContextProvider();
      context.set(servicesContext, services as AppServices);
      context.set(requestInfoContext, { nonce: "", clientIp });
      return context;
    }

    beforeEach(async () => {
      await db().deleteFrom("rate_limits").execute();
    });

    it("takes the limit's number of bookings a day from one address, then refuses with the salon's phone and a day to wait; the salon's log says so", async () => {
      const logged: string[] = [];
      const limiter = bookingLimiter(db(), testDialect, 2);
      const client = () => bookingLimitRefusal(requestFrom(ADDRESS, limiter, logged));
      expect(await client()).toBeNull();
      expect(await client()).toBeNull();
      expect(logged).toEqual([]);
      const refused = await client();
      expect(refused?.message).toBe(
        "Too many bookings from your connection today. To book more, call us at (713) 555-0142 or try again in 24 hours.",
      );
      expect(refused?.retryAfterSeconds).toBeGreaterThan(DAY_SECONDS - 2.4 * 3600);
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(DAY_SECONDS * 1.1);
      expect(logged.map((line) => JSON.parse(line) as { level: number; ip: string; msg: string })).toEqual([
        expect.objectContaining({ level: 40, ip: ADDRESS, msg: "booking rate limit hit" }),
      ]);
      // Another address has its own count.
      expect(await bookingLimitRefusal(requestFrom("198.51.100.9", limiter))).toBeNull();
    });

    it("a booking that was refused gives its count back: the address books again", async () => {
      const limiter = bookingLimiter(db(), testDialect, 1);
      const request = () => requestFrom(ADDRESS, limiter);
      expect(await bookingLimitRefusal(request())).toBeNull();
      await giveBackBookingLimit(request());
      expect(await bookingLimitRefusal(request())).toBeNull();
      expect(await bookingLimitRefusal(request())).not.toBeNull();
    });

    it("on PostgreSQL every instance counts in the database, apart from the form limit; on SQLite the one instance counts in memory", async () => {
      // Two instances on PostgreSQL share the count.
      const [first, second] = [bookingLimiter(db(), "postgres", 2), bookingLimiter(db(), "postgres", 2)];
      // The form limit counts the same address in the same table, for itself.
      const forms = new DatabaseRateLimiter(db(), 10, 60_000);
      for (let i = 0; i < 3; i++) await forms.hit(ADDRESS);
      expect(await bookingLimitRefusal(requestFrom(ADDRESS, first))).toBeNull();
      expect(await bookingLimitRefusal(requestFrom(ADDRESS, second))).toBeNull();
      const refused = await bookingLimitRefusal(requestFrom(ADDRESS, first));
      expect(refused?.retryAfterSeconds).toBeGreaterThan(DAY_SECONDS - 2.4 * 3600);

      // On SQLite nothing is kept in the database: the count is the one process's.
      await db().deleteFrom("rate_limits").execute();
      const alone = bookingLimiter(db(), "sqlite", 1);
      expect(await bookingLimitRefusal(requestFrom(ADDRESS, alone))).toBeNull();
      expect(await bookingLimitRefusal(requestFrom(ADDRESS, alone))).not.toBeNull();
      expect(await rows()).toEqual([]);
    });
  });
});
