import { audit } from "../../audit/audit.server";
import { appointmentById, changeBooking, describeBooking } from "./booking-change.server";
import { BookingRefusedError } from "../engine/reserve.server";
import { type StaffContext } from "./desk-actions.server";
import { awaitsAnswer } from "../model.server";

/** The reason a client reads on their booking's page after a bulk decline. */
export const BULK_DECLINE_REASON = "Declined by the salon.";

/** At most this many requests are declined by one post. */
export const BULK_DECLINE_MAX = 500;

/** The front desk's toast after a bulk decline. */
export function bulkDeclineMessage(declined: number): string {
  if (declined === 0) return "None of the selected requests was still waiting. Nothing was changed.";
  if (declined === 1) return "1 request declined; its time is free. No e-mail was sent.";
  return `${declined} requests declined; their times are free. No e-mail was sent.`;
}

/**
 * Declines the selected requests (and proposed times) at once, without e-mailing anyone: for a
 * flood of bookings made with made-up or strangers' addresses, where an e-mail each would go to
 * people who never booked. Each is declined with its audit row in a transaction of its own, and
 * only while it still waits for an answer (one answered meanwhile is left as it is). Returns how
 * many were declined.
 */
export async function declineSelected(ctx: StaffContext, ids: number[]): Promise<number> {
  const { timeZone } = await ctx.content.getSettings();
  let declined = 0;
  for (const id of [...new Set(ids)].slice(0, BULK_DECLINE_MAX)) {
    const row = await appointmentById(ctx.db, id);
    if (!row || !awaitsAnswer(row.status)) continue;
    const done = await ctx.db
      .transaction()
      .execute(async (tx) => {
        const updated = await changeBooking(tx, row, {
          from: [row.status],
          unchanged: ["starts_at"],
          refusal: "Answered meanwhile.",
          set: { status: "declined", reason: BULK_DECLINE_REASON },
        });
        await audit(
          tx,
          ctx.actor,
          "declined a booking request (in bulk, no e-mail)",
          describeBooking(updated, timeZone),
          {
            id,
          },
        );
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof BookingRefusedError) return false;
        throw error;
      });
    if (done) declined += 1;
  }
  // Their times are free again.
  if (declined) ctx.links.onChange?.();
  return declined;
}
