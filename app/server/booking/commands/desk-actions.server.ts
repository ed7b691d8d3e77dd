import { BOOKING_SERVICES } from "~/content/bookings";
import { addLocalDays, wallClockInstant } from "~/lib/booking/availability";
import { minutesOf, STAFF_MESSAGES, type BlockInput, type StaffBookingInput } from "~/lib/booking/staff-forms";
import { formatInZone } from "~/lib/dates";
import { audit } from "../../audit/audit.server";
import type { ContentService } from "../../content/content.server";
import type { Db, DbOrTx } from "../../db/database.server";
import {
  announced,
  appointmentById,
  changeBooking,
  claimFor,
  describeBooking,
  type BookingChange,
  type BookingRow,
} from "./booking-change.server";
import type { BookingLinks } from "../notices/manage-link.server";
import { bookingMailSetting } from "../notices/notify.server";
import { BookingRefusedError, claimBlock, claimTime, reserveBooking, type Reservation } from "../engine/reserve.server";
import { type BookableResource } from "../engine/resources.server";
import { calendarResources, staffNames } from "../engine/calendar.server";
import {
  awaitsAnswer,
  BOOKING_REFUSALS,
  chairKey,
  HOLDING_STATUSES,
  holdsTime,
  isLateCancellation,
  loadBookingRules,
  serviceTitle,
} from "../model.server";

/**
 * What the front desk does on /admin/bookings. Every change happens in one transaction with its
 * audit row and the client's e-mail; every change that takes a time goes through claimTime (as
 * staff: only that nobody is double-booked). A refused change throws BookingRefusedError and
 * leaves everything as it was.
 */

export type { BookingRow };

export interface StaffContext {
  db: Db;
  content: ContentService;
  links: BookingLinks;
  actor: { userId: number | null; email: string | null };
  now?: number;
}

/** Bookings waiting for an answer: from the salon (requested) or from the client (proposed). */

const MINUTE = 60_000;

const isPending = (row: BookingRow) => awaitsAnswer(row.status);
const isHolding = (row: BookingRow) => holdsTime(row.status);

/** claimTime's "taken", in the front desk's words. */
function staffWording(error: unknown): never {
  if (error instanceof BookingRefusedError && error.message === BOOKING_REFUSALS.taken)
    throw new BookingRefusedError(409, STAFF_MESSAGES.taken);
  throw error;
}

async function prepare(ctx: StaffContext) {
  const [setting, loaded] = await Promise.all([
    bookingMailSetting(ctx.db, ctx.content, ctx.links),
    loadBookingRules(ctx.db, ctx.content),
  ]);
  return { setting, timeZone: loaded.rules.timeZone, ...loaded };
}

/**
 * The appointment a front-desk action is about, while it may still have it done to it (waiting for
 * an answer, or holding its time), with what the action needs.
 */
async function appointmentFor(ctx: StaffContext, id: number, may: "answer" | "cancel") {
  const row = await appointmentById(ctx.db, id);
  if (!row) throw new BookingRefusedError(404, STAFF_MESSAGES.notFound);
  if (may === "answer" ? !isPending(row) : !isHolding(row))
    throw new BookingRefusedError(409, may === "answer" ? STAFF_MESSAGES.notPending : STAFF_MESSAGES.notActive);
  return { row, ...(await prepare(ctx)) };
}

/** An answer to a request applies only to the request as it was read (status and time). */
const asRead = (row: BookingRow): Pick<BookingChange, "from" | "unchanged" | "refusal"> => ({
  from: [row.status],
  unchanged: ["starts_at"],
  refusal: STAFF_MESSAGES.notPending,
});

/**
 * Confirms a request (or a proposed time the client agreed to on the phone). Its time is checked
 * again inside the transaction; two confirms at once: the second finds it answered.
 */
export async function confirmBooking(ctx: StaffContext, id: number): Promise<BookingRow> {
  const { row, setting, rules, timeZone } = await appointmentFor(ctx, id, "answer");
  return announced(
    ctx.links,
    claimTime(ctx.db, claimFor(row, rules, ctx.now ?? Date.now()), async (tx) => {
      const updated = await changeBooking(tx, row, {
        ...asRead(row),
        set: { status: "confirmed" },
        mail: { setting, event: "confirmed", salon: "confirmedBySalon" },
      });
      await audit(tx, ctx.actor, "confirmed a booking", describeBooking(updated, timeZone), { id: row.id });
      return updated;
    }).catch(staffWording),
  );
}

/** Declines a request with a reason the client reads; its time is free again at once. */
export async function declineBooking(ctx: StaffContext, id: number, reason: string): Promise<BookingRow> {
  const { row, setting, timeZone } = await appointmentFor(ctx, id, "answer");
  return announced(
    ctx.links,
    ctx.db.transaction().execute(async (tx) => {
      const updated = await changeBooking(tx, row, {
        ...asRead(row),
        set: { status: "declined", reason },
        mail: { setting, event: "declined", salon: "declinedBySalon" },
      });
      await audit(tx, ctx.actor, "declined a booking request", describeBooking(updated, timeZone), {
        id: row.id,
        reason,
      });
      return updated;
    }),
  );
}

/** The instant of a wall-clock date and time in the salon's zone, or a refusal. */
function wallInstant(date: string, minutes: number, timeZone: string): number {
  const instant = wallClockInstant(date, minutes, timeZone);
  if (instant === null) throw new BookingRefusedError(400, STAFF_MESSAGES.noTime);
  return instant;
}

/**
 * Answers a request with another time, with the same person (or chair): the new time is taken
 * now, the client's first choice is kept in requested_starts_at and freed, and the client is
 * e-mailed a link to accept or decline it.
 */
export async function proposeTime(ctx: StaffContext, id: number, date: string, time: string): Promise<BookingRow> {
  const { row, setting, rules, timeZone } = await appointmentFor(ctx, id, "answer");
  const now = ctx.now ?? Date.now();
  const start = wallInstant(date, minutesOf(time), timeZone);
  if (start <= now) throw new BookingRefusedError(400, STAFF_MESSAGES.pastTime);
  return announced(
    ctx.links,
    claimTime(ctx.db, claimFor(row, rules, now, { start }), async (tx) => {
      const updated = await changeBooking(tx, row, {
        ...asRead(row),
        set: {
          status: "proposed",
          starts_at: new Date(start).toISOString(),
          ends_at: new Date(start + row.duration_minutes * MINUTE).toISOString(),
          requested_starts_at: row.requested_starts_at ?? row.starts_at,
          reminder_sent_at: null,
        },
        mail: { setting, event: "proposed", salon: "proposedBySalon" },
      });
      await audit(tx, ctx.actor, "proposed another time", describeBooking(updated, timeZone), {
        id: row.id,
        requested: updated.requested_starts_at,
      });
      return updated;
    }).catch(staffWording),
  );
}

/** The salon cancels an appointment (any that still holds its time); the client is e-mailed. */
export async function cancelByStaff(ctx: StaffContext, id: number, reason?: string): Promise<BookingRow> {
  const { row, setting, timeZone, settings } = await appointmentFor(ctx, id, "cancel");
  // Inside the cancellation cutoff the client's cancellation counts as late (staff may take it back).
  const late =
    row.status !== "offered" &&
    isLateCancellation(row.starts_at, settings.cancellationCutoffHours, ctx.now ?? Date.now());
  return announced(
    ctx.links,
    ctx.db.transaction().execute(async (tx) => {
      const updated = await changeBooking(tx, row, {
        from: HOLDING_STATUSES,
        refusal: STAFF_MESSAGES.notActive,
        set: { status: "cancelled", reason: reason ?? "", ...(late ? { outcome: "late_cancellation" as const } : {}) },
        mail: { setting, event: "cancelledBySalon", salon: "cancelledBySalon" },
      });
      await audit(tx, ctx.actor, "cancelled an appointment", describeBooking(updated, timeZone), {
        id: row.id,
        reason: reason ?? "",
      });
      return updated;
    }),
  );
}

/**
 * A booking the front desk makes for a client on the phone: confirmed at once, allowed inside the
 * lead time and outside the online rules, never on top of another booking or a block. A visit of
 * several services is claimed as the public side claims it: every part back to back, each with
 * its person (or whoever does it and is free), together or not at all.
 */
export async function createByStaff(ctx: StaffContext, input: StaffBookingInput): Promise<Reservation> {
  const { timeZone } = await ctx.content.getSettings();
  const start = wallInstant(input.date, minutesOf(input.time), timeZone);
  const request = {
    service: input.service,
    option: input.option || undefined,
    start: new Date(start).toISOString(),
    staff: input.staff,
    more: input.more,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    notes: input.notes,
    agreeToTerms: true as const,
  };
  const when = formatInZone(new Date(start), timeZone, "EEE MMM d h:mm a");
  return reserveBooking(ctx.db, ctx.content, request, {
    links: ctx.links,
    now: ctx.now,
    source: "staff",
    onWrite: (tx, bookingId) =>
      audit(
        tx,
        ctx.actor,
        "made a booking",
        `${input.firstName} ${input.lastName}, ${[input.service, ...(input.more ?? []).map((p) => p.service)].map(serviceTitle).join(", then ")}, ${when}`,
        { id: bookingId },
      ),
  }).catch(staffWording);
}

/** Blocks a stretch of time (or a whole day) of a person or a chair, never over a booking. */
export async function blockTime(ctx: StaffContext, input: BlockInput): Promise<number> {
  const resources = await calendarResources(ctx.db);
  const chosen = resources.find((r) => r.key === input.resource);
  if (!chosen) throw new BookingRefusedError(400, STAFF_MESSAGES.unknownResource);
  const { rules, timeZone } = await prepare(ctx);
  const start = wallInstant(input.date, input.allDay ? 0 : minutesOf(input.start ?? ""), timeZone);
  const end = input.allDay
    ? wallInstant(addLocalDays(input.date, 1), 0, timeZone)
    : wallInstant(input.date, minutesOf(input.end ?? ""), timeZone);
  const resource: BookableResource = { id: chosen.key, staffId: chosen.staffId, name: chosen.name };
  const label = input.label ?? "";
  const now = ctx.now ?? Date.now();
  return announced(
    ctx.links,
    claimBlock(ctx.db, { rules, now }, { resource, start, end, label }, async (tx, row) => {
      const when = input.allDay
        ? formatInZone(new Date(start), timeZone, "EEE MMM d") + " (all day)"
        : `${formatInZone(new Date(start), timeZone, "EEE MMM d h:mm a")} – ${formatInZone(new Date(end), timeZone, "h:mm a")}`;
      await audit(tx, ctx.actor, "blocked time", `${chosen.name}, ${when}${label ? `: ${label}` : ""}`, {
        id: row.id,
      });
      return row.id;
    }).catch(staffWording),
  );
}

/** The person (also one who has left) or chair a block is of, by the name the calendar gives it. */
async function blockedName(db: DbOrTx, block: { resource: string; staff_id: number | null }): Promise<string> {
  if (block.staff_id !== null) return (await staffNames(db)).get(block.staff_id) ?? block.resource;
  return BOOKING_SERVICES.find((s) => chairKey(s.id) === block.resource)?.title ?? block.resource;
}

/** Removes a block; its time is free again. */
export async function removeBlock(ctx: StaffContext, id: number): Promise<void> {
  const { timeZone } = await ctx.content.getSettings();
  const removal = ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom("bookings")
      .where("id", "=", id)
      .where("kind", "=", "block")
      .returning(["resource", "staff_id", "starts_at", "notes"])
      .executeTakeFirst();
    if (!row) throw new BookingRefusedError(404, STAFF_MESSAGES.notBlock);
    const when = formatInZone(row.starts_at, timeZone, "EEE MMM d h:mm a");
    const target = `${await blockedName(tx, row)}, ${when}${row.notes ? `: ${row.notes}` : ""}`;
    await audit(tx, ctx.actor, "removed a block", target, { id });
  });
  await announced(ctx.links, removal);
}
