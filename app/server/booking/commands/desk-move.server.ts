import { bookingParts, encodeParts } from "~/lib/booking/parts";
import { minutesOf, STAFF_MESSAGES, type MoveInput } from "~/lib/booking/staff-forms";
import { wallClockInstant } from "~/lib/booking/availability";
import { formatInZone } from "~/lib/dates";
import { audit } from "../../audit/audit.server";
import { announced, appointmentById, changeBooking, describeBooking, type BookingRow } from "./booking-change.server";
import type { StaffContext } from "./desk-actions.server";
import { bookingMailSetting, queueSalonMail, visitPeople } from "../notices/notify.server";
import { BookingRefusedError, claimTime, type TimeClaim } from "../engine/reserve.server";
import { bookableResources, staffRoster } from "../engine/resources.server";
import { BOOKING_REFUSALS, loadBookingRules, MOVABLE_STATUSES, serviceTitle } from "../model.server";

const MINUTE = 60_000;

/**
 * The front desk moves a booking to another time, and optionally to another person: from the
 * calendar (a drag) or the booking's Move form. It is checked like the desk's own bookings (the
 * salon's and the person's hours, closures, buffers, nobody double-booked; "desk" in claimTime),
 * and a visit moves whole: its parts keep their order and offsets, and the parts the booking's
 * first person did go to the new person, who must do each of those services. One transaction:
 * the claim under the resource locks, the guarded update (raising the sequence), the client's
 * "moved" e-mail with its calendar update, and the audit row. A refusal changes nothing.
 */
export async function moveByStaff(ctx: StaffContext, input: MoveInput): Promise<BookingRow> {
  const row = await appointmentById(ctx.db, input.id);
  if (!row) throw new BookingRefusedError(404, STAFF_MESSAGES.notFound);
  if (!MOVABLE_STATUSES.includes(row.status)) throw new BookingRefusedError(409, STAFF_MESSAGES.notMovable);
  const [setting, { rules }, roster] = await Promise.all([
    bookingMailSetting(ctx.db, ctx.content, ctx.links),
    loadBookingRules(ctx.db, ctx.content),
    staffRoster(ctx.db),
  ]);
  const now = ctx.now ?? Date.now();
  const start = wallClockInstant(input.date, minutesOf(input.time), rules.timeZone);
  if (start === null) throw new BookingRefusedError(400, STAFF_MESSAGES.noTime);
  if (start <= now) throw new BookingRefusedError(400, STAFF_MESSAGES.pastTime);

  const parts = bookingParts(row);
  const from = parts[0].staffId;
  const to = input.staff ?? from;
  // Not a move: it would only e-mail the client "moved" with the time they already have.
  if (start === Date.parse(row.starts_at) && to === from)
    throw new BookingRefusedError(400, STAFF_MESSAGES.unchangedMove);
  const moves = (staffId: number | null) => to !== from && staffId === from;
  const claimParts = parts.map((part) => {
    if (!moves(part.staffId)) return { ...part, resources: [{ id: part.resource, staffId: part.staffId, name: "" }] };
    const resources = bookableResources(roster, part.service, to);
    if (resources.length === 0 || resources[0].staffId === null) {
      const name = roster.find((s) => s.id === to)?.name;
      throw new BookingRefusedError(
        400,
        name ? STAFF_MESSAGES.doesNotDo(name, serviceTitle(part.service)) : BOOKING_REFUSALS.unknownStaff,
      );
    }
    return { ...part, resources };
  });
  const claim: TimeClaim = {
    rules,
    resources: claimParts[0].resources,
    parts: claimParts,
    durationMinutes: row.duration_minutes,
    start,
    now,
    by: "desk",
    excludeBookingId: row.id,
  };
  const { timeZone } = rules;
  return announced(
    ctx.links,
    claimTime(ctx.db, claim, async (tx, first, assigned) => {
      const updated = await changeBooking(tx, row, {
        from: [row.status],
        // Moved, answered or changed by someone else since it was read: refused, as it is now.
        unchanged: ["updated_at"],
        refusal: STAFF_MESSAGES.changedMeanwhile,
        set: {
          resource: first.id,
          staff_id: first.staffId,
          starts_at: new Date(start).toISOString(),
          ends_at: new Date(start + row.duration_minutes * MINUTE).toISOString(),
          parts: encodeParts(
            parts.map((part, i) => ({ ...part, resource: assigned[i].id, staffId: assigned[i].staffId })),
          ),
          reminder_sent_at: null,
        },
        mail: { setting, event: "moved", salon: "movedBySalon" },
      });
      // Whoever the move took off the booking has it no more: told so, their calendar's event cancelled.
      const kept = new Set(visitPeople(updated).map((p) => p.staffId));
      const dropped = visitPeople(row)
        .map((p) => p.staffId)
        .filter((id) => !kept.has(id));
      if (dropped.length)
        await queueSalonMail(
          tx,
          setting,
          "cancelledBySalon",
          { ...row, status: "cancelled", sequence: updated.sequence },
          dropped,
        );
      await audit(tx, ctx.actor, "moved a booking", describeBooking(updated, timeZone), {
        id: row.id,
        from: formatInZone(row.starts_at, timeZone, "EEE MMM d h:mm a"),
        ...(updated.staff_id !== row.staff_id ? { fromStaff: row.staff_id, toStaff: updated.staff_id } : {}),
      });
      return updated;
    }).catch((error: unknown) => {
      if (error instanceof BookingRefusedError && error.message === BOOKING_REFUSALS.taken)
        throw new BookingRefusedError(409, STAFF_MESSAGES.taken);
      throw error;
    }),
  );
}
