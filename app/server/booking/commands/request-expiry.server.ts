import { LAPSE_REASONS } from "~/lib/booking/messages";
import { audit } from "../../audit/audit.server";
import type { ContentService } from "../../content/content.server";
import type { Db } from "../../db/database.server";
import { changeBooking, describeBooking } from "./booking-change.server";
import type { BookingLinks } from "../notices/manage-link.server";
import { bookingMailSetting } from "../notices/notify.server";
import { BookingRefusedError } from "../engine/reserve.server";
import { getBookingSettings } from "../model.server";
import { AWAITING_ANSWER } from "../model.server";

const HOUR = 3_600_000;
const SYSTEM = { userId: null, email: null };

/** What lapses: a request the salon did not answer, a time it proposed that the client did not. */
const LAPSES = {
  requested: { reason: LAPSE_REASONS.request, event: "expired", audit: "expired a booking request" },
  proposed: { reason: LAPSE_REASONS.proposal, event: "proposalExpired", audit: "expired a proposed time" },
} as const;

/**
 * Marks expired every request the salon has not answered, and every time it proposed that the
 * client has not answered, within the request expiry hours of when it was made (or by its
 * start, when that comes first), and queues the client's e-mail that it lapsed. Availability
 * already ignores such a booking from the moment it expires; this makes it final. Each is claimed
 * by an UPDATE that only succeeds while it is still as read (the same status, not changed since),
 * with its e-mail and audit row in that transaction: however many rounds or server instances run
 * at once, the client is told once. Returns how many expired.
 */
export async function expireRequests(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  now = Date.now(),
): Promise<number> {
  const { requestExpiryHours } = await getBookingSettings(db);
  const madeBy = new Date(now - requestExpiryHours * HOUR).toISOString();
  const candidates = await db
    .selectFrom("bookings")
    .selectAll()
    .where("kind", "=", "appointment")
    .where("status", "in", [...AWAITING_ANSWER])
    .where((eb) => eb.or([eb("updated_at", "<=", madeBy), eb("starts_at", "<=", new Date(now).toISOString())]))
    .orderBy("id")
    .execute();
  if (!candidates.length) return 0;
  const [setting, { timeZone }] = await Promise.all([bookingMailSetting(db, content, links), content.getSettings()]);
  let expired = 0;
  for (const candidate of candidates) {
    const lapse = LAPSES[candidate.status as keyof typeof LAPSES];
    const claimed = await db
      .transaction()
      .execute(async (tx) => {
        const row = await changeBooking(tx, candidate, {
          from: [candidate.status],
          // Moved, answered or expired by another instance meanwhile: not this round's to expire.
          unchanged: ["updated_at"],
          refusal: "Changed meanwhile.",
          set: { status: "expired", reason: lapse.reason },
          mail: { setting, event: lapse.event, salon: lapse.event },
        });
        await audit(tx, SYSTEM, lapse.audit, describeBooking(row, timeZone), { id: row.id });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof BookingRefusedError) return false;
        throw error;
      });
    if (claimed) expired += 1;
  }
  // Their times are free again.
  if (expired) links.onChange?.();
  return expired;
}
