import { audit } from "../audit/audit.server";
import type { ContentService } from "../content/content.server";
import type { Db } from "../db/database.server";
import { changeBooking, describeBooking } from "./booking-change.server";
import type { BookingLinks } from "./manage-link.server";
import { bookingMailSetting } from "./notify.server";
import { BookingRefusedError } from "./reserve.server";
import { getBookingSettings } from "./rules.server";

const HOUR = 3_600_000;
const SYSTEM = { userId: null, email: null };

/**
 * Marks expired every request the salon has not answered within the request expiry hours of
 * when it was made (or by its start, when that comes first) and queues the client's e-mail that
 * it lapsed. Availability already ignores such a request from the moment it expires; this makes
 * it final. Each request is claimed by an UPDATE that only succeeds while it is still the same
 * request (status requested, not changed since it was read), with its e-mail and audit row in
 * that transaction: however many rounds or server instances run at once, the client is told
 * once. Returns how many expired.
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
    .where("status", "=", "requested")
    .where((eb) => eb.or([eb("updated_at", "<=", madeBy), eb("starts_at", "<=", new Date(now).toISOString())]))
    .orderBy("id")
    .execute();
  if (!candidates.length) return 0;
  const [setting, { timeZone }] = await Promise.all([bookingMailSetting(db, content, links), content.getSettings()]);
  let expired = 0;
  for (const candidate of candidates) {
    const claimed = await db
      .transaction()
      .execute(async (tx) => {
        const row = await changeBooking(tx, candidate, {
          from: ["requested"],
          // Moved, answered or expired by another instance meanwhile: not this round's to expire.
          unchanged: ["updated_at"],
          refusal: "Changed meanwhile.",
          set: { status: "expired", reason: "Not answered in time" },
          mail: { setting, event: "expired" },
        });
        await audit(tx, SYSTEM, "expired a booking request", describeBooking(row, timeZone), { id: row.id });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof BookingRefusedError) return false;
        throw error;
      });
    if (claimed) expired += 1;
  }
  return expired;
}
