import type { RouterContextProvider } from "react-router";
import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { bookingLimitMessage } from "~/server/booking/engine/booking-limit.server";
import { bookingRefusal, reserveBooking, type Reservation } from "~/server/booking/engine/reserve.server";
import { siteBookingLinks, type BookingLinks } from "~/server/booking/notices/manage-link.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import { countedAddress } from "~/server/http/client-address.server";

/**
 * The one way in for a client's online booking, shared by POST /api/bookings and the live booking
 * form on /book/{id} and the service pages: the same limits, the same checks and the same refusals,
 * each adapter only answering them in its own form (JSON, or the page's action data).
 */

/** A refused booking: nothing was stored. `fieldErrors` only when the request itself was malformed. */
export interface BookingEntryRefusal {
  ok: false;
  status: 400 | 404 | 409 | 429;
  message: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

export type BookingEntryResult = { ok: true; booking: Reservation; links: BookingLinks } | BookingEntryRefusal;

/** Counts one post from the request's client address against the public forms' per-minute limit. */
export async function formLimitRefusal(
  context: Readonly<RouterContextProvider>,
): Promise<{ retryAfterSeconds: number } | null> {
  const services = context.get(servicesContext);
  const limit = await services.forms.rateLimiter.hit(countedAddress(context.get(requestInfoContext).clientIp));
  return limit.allowed ? null : { retryAfterSeconds: limit.retryAfterSeconds };
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
  const verdict = await services.bookingLimiter.hit(countedAddress(context.get(requestInfoContext).clientIp));
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
  await services.bookingLimiter.giveBack?.(countedAddress(context.get(requestInfoContext).clientIp));
}

/**
 * Books what a client sent (after the per-minute limit): checks it, counts it against the bookings
 * per address a day, and claims the time through reserveBooking.
 */
export async function bookOnline(
  context: Readonly<RouterContextProvider>,
  input: unknown,
): Promise<BookingEntryResult> {
  const parsed = bookingRequestSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return {
      ok: false,
      status: 400,
      message: Object.values(fieldErrors)[0]?.[0] ?? "Please check the booking.",
      fieldErrors,
    };
  }
  const overLimit = await bookingLimitRefusal(context);
  if (overLimit) return { ok: false, status: 429, ...overLimit };
  const services = context.get(servicesContext);
  const links = siteBookingLinks(services);
  try {
    const booking = await reserveBooking(services.db, services.content, parsed.data, { links });
    return { ok: true, booking, links };
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (!refusal) throw error;
    await giveBackBookingLimit(context);
    return { ok: false, ...refusal };
  }
}
