/**
 * The booking commands at their edges, on the database: what the client's link may still do, and
 * when not; what the front desk's answers, cancels, bookings and blocks write (audit row, e-mail,
 * the row itself) and what they refuse; requests that lapse; the bulk decline; the cap on one
 * client's upcoming bookings; and the limit per client address. Each refusal changes nothing.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { blockSchema, STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { BULK_DECLINE_MAX, BULK_DECLINE_REASON, declineSelected } from "~/server/booking/bulk-decline.server";
import { findEntry } from "~/server/booking/calendar.server";
import {
  acceptProposal,
  cancelByClient,
  declineProposal,
  MANAGE_MESSAGES,
  moveByClient,
} from "~/server/booking/manage.server";
import { BOOKING_REFUSALS, reserveBooking } from "~/server/booking/reserve.server";
import {
  blockTime,
  cancelByStaff,
  confirmBooking,
  proposeTime,
  type StaffContext,
} from "~/server/booking/staff-actions.server";
import { ContentService } from "~/server/content/content.server";
import { nowIso, type DatabaseHandle, type Db } from "~/server/db/database.server";
import {
  bookingRequest,
  ContentServiceWithInterruption,
  MONDAY_6AM as NOW,
  outcome,
  TEST_LINKS as LINKS,
  type RequestOverrides,
} from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";

const HOUR = 3_600_000;
const DESK = { userId: null, email: "desk@aurelia.test" };
/** The contact page's business e-mail: the salon's address while no other is set. */
const SALON = "hello@aureliabeauty.example";
const at = (iso: string) => Date.parse(iso);

describe(`the booking commands (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  const db = () => testDb().db;
  const content = (on: Db = db()) => new ContentService(on);
  const ctx = (now = NOW): StaffContext => ({ db: db(), content: content(), links: LINKS, actor: DESK, now });
  const book = (overrides: RequestOverrides = {}) =>
    reserveBooking(db(), content(), bookingRequest(overrides), { links: LINKS, now: NOW });
  const row = (id: number) => db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mails = (to?: string) => {
    let query = db().selectFrom("mail_outbox").select(["to_address", "subject", "text_body"]).orderBy("id");
    if (to) query = query.where("to_address", "=", to);
    return query.execute();
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
  });
});
