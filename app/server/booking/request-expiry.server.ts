import { audit } from "../audit/audit.server";
import type { ContentService } from "../content/content.server";
import { nowIso, type Db } from "../db/database.server";
import type { BookingLinks } from "./manage-link.server";
import { bookingMailSetting, queueClientMail } from "./notify.server";
import { getBookingSettings } from "./rules.server";
import { describe } from "./staff-actions.server";

const HOUR = 3_600_000;

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
    .select(["id", "updated_at"])
    .where("kind", "=", "appointment")
    .where("status", "=", "requested")
    .where((eb) => eb.or([eb("updated_at", "<=", madeBy), eb("starts_at", "<=", new Date(now).toISOString())]))
    .orderBy("id")
    .execute();
  if (!candidates.length) return 0;
  const [setting, { timeZone }] = await Promise.all([bookingMailSetting(db, content, links), content.getSettings()]);
  let expired = 0;
  for (const candidate of candidates) {
    const claimed = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable("bookings")
        .set({ status: "expired", reason: "Not answered in time", updated_at: nowIso() })
        .where("id", "=", candidate.id)
        .where("status", "=", "requested")
        // Moved or answered meanwhile: the next round judges it anew.
        .where("updated_at", "=", candidate.updated_at)
        .returningAll()
        .executeTakeFirst();
      if (!row) return false;
      await queueClientMail(tx, setting, "expired", row);
      await audit(tx, { userId: null, email: null }, "expired a booking request", describe(row, timeZone), {
        id: row.id,
      });
      return true;
    });
    if (claimed) expired += 1;
  }
  return expired;
}
