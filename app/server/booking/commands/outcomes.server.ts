import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { audit } from "../../audit/audit.server";
import { announced, appointmentById, changeBooking, describeBooking, type BookingRow } from "./booking-change.server";
import { BookingRefusedError } from "../engine/reserve.server";
import { mayMarkNoShow, type RecordedOutcome } from "../model.server";
import type { StaffContext } from "./desk-actions.server";

/**
 * What became of an appointment, as the front desk records it: a no-show (a confirmed appointment
 * that has begun), a late cancellation (a cancelled one; a cancellation inside the cutoff is marked
 * late by cancelByStaff itself), or either taken back. "Completed" is never recorded: it is read
 * from the time (app/lib/booking/model.ts, bookingOutcome). No outcome changes what holds time.
 * Each is a guarded update that raises the booking's sequence, with its audit row, announced.
 */

const RECORD: Record<
  RecordedOutcome,
  { may: (row: BookingRow, now: number) => boolean; refusal: string; audit: string }
> = {
  no_show: {
    may: (row, now) => mayMarkNoShow({ status: row.status, outcome: row.outcome, startsAt: row.starts_at }, now),
    refusal: STAFF_MESSAGES.notNoShow,
    audit: "marked a no-show",
  },
  late_cancellation: {
    may: (row) => row.status === "cancelled" && row.outcome === "",
    refusal: STAFF_MESSAGES.notLate,
    audit: "marked a late cancellation",
  },
};

async function setOutcome(
  ctx: StaffContext,
  id: number,
  outcome: RecordedOutcome | "",
  may: (row: BookingRow) => boolean,
  refusal: string,
  action: (row: BookingRow) => string,
): Promise<BookingRow> {
  const row = await appointmentById(ctx.db, id);
  if (!row) throw new BookingRefusedError(404, STAFF_MESSAGES.notFound);
  if (!may(row)) throw new BookingRefusedError(409, refusal);
  const { timeZone } = await ctx.content.getSettings();
  return announced(
    ctx.links,
    ctx.db.transaction().execute(async (tx) => {
      // Still in the status and with the outcome it was read with: two clicks at once change it once.
      const updated = await changeBooking(tx, row, {
        from: [row.status],
        unchanged: ["outcome"],
        refusal,
        set: { outcome },
      });
      await audit(tx, ctx.actor, action(row), describeBooking(updated, timeZone), { id: row.id });
      return updated;
    }),
  );
}

/** Records a no-show or a late cancellation on an appointment that may have it. */
export function recordOutcome(ctx: StaffContext, id: number, outcome: RecordedOutcome): Promise<BookingRow> {
  const rule = RECORD[outcome];
  const now = ctx.now ?? Date.now();
  return setOutcome(
    ctx,
    id,
    outcome,
    (row) => rule.may(row, now),
    rule.refusal,
    () => rule.audit,
  );
}

/** Takes back a no-show or a late cancellation: the appointment counts as it would without it. */
export function clearOutcome(ctx: StaffContext, id: number): Promise<BookingRow> {
  return setOutcome(
    ctx,
    id,
    "",
    (row) => row.outcome !== "",
    STAFF_MESSAGES.noOutcome,
    (row) => (row.outcome === "no_show" ? "took back a no-show" : "took back a late cancellation"),
  );
}
