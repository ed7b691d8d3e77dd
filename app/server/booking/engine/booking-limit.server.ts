import type { RouterContextProvider } from "react-router";
import type { Db, DialectName } from "../../db/database.server";
import { requestInfoContext, servicesContext } from "../../context";
import { DatabaseRateLimiter, RateLimiter, type FormRateLimiter } from "../../forms/rate-limit.server";

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

/**
 * Counts one booking from the request's client address, whichever way it comes (/book/{id}, a
 * service page's form, POST /api/bookings: one count per address for all of them). Null when
 * allowed; past the limit, the 429 answer's message and Retry-After.
 */
export async function bookingLimitRefusal(
  context: Readonly<RouterContextProvider>,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const services = context.get(servicesContext);
  const verdict = await services.bookingLimiter.hit(context.get(requestInfoContext).clientIp);
  if (verdict.allowed) return null;
  services.logger.warn({ ip: context.get(requestInfoContext).clientIp }, "booking rate limit hit");
  const contact = await services.content.getPage("contact");
  return {
    message: bookingLimitMessage(verdict.retryAfterSeconds, contact.salon_phone),
    retryAfterSeconds: verdict.retryAfterSeconds,
  };
}

/**
 * A booking that was refused (its time just taken, the client's cap, a closed day) made nothing:
 * its count is given back, so an honest client who loses a race or picks a wrong day keeps their
 * few bookings a day.
 */
export async function giveBackBookingLimit(context: Readonly<RouterContextProvider>): Promise<void> {
  const services = context.get(servicesContext);
  await services.bookingLimiter.giveBack?.(context.get(requestInfoContext).clientIp);
}
