import type { Db, DialectName } from "../../db/database.server";
import { DatabaseRateLimiter, RateLimiter, type FormRateLimiter } from "../../http/rate-limit.server";

/**
 * Online bookings per client address are counted over a sliding day: with the form limit (per
 * minute, every public post) it keeps one address from taking more than a few times a day, however
 * many e-mail addresses and phone numbers it types (docs/security.md has the numbers).
 */
export const BOOKING_LIMIT_WINDOW_MS = 24 * 3_600_000;

/** The booking limit of the server: in memory on SQLite (one instance), shared on PostgreSQL. */
export function bookingLimiter(db: Db, dialect: DialectName, limit: number): FormRateLimiter {
  return dialect === "postgres"
    ? new DatabaseRateLimiter(db, limit, BOOKING_LIMIT_WINDOW_MS, Date.now, "booking")
    : new RateLimiter(limit, BOOKING_LIMIT_WINDOW_MS);
}

/** What the client reads past the booking limit. */
export function bookingLimitMessage(retryAfterSeconds: number, salonPhone: string): string {
  // The sliding day may ask for a little more than a day; "25 hours" would read oddly after "today".
  const hours = Math.min(24, Math.max(1, Math.ceil(retryAfterSeconds / 3600)));
  const call = salonPhone ? `call us at ${salonPhone}` : "call us";
  return `Too many bookings from your connection today. To book more, ${call} or try again in ${hours === 1 ? "an hour" : `${hours} hours`}.`;
}
