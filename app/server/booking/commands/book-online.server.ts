import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { SUITE_TOUR, tourNotes } from "~/content/suite-tour";
import { bookingRequestSchema, type BookingRequest } from "~/lib/booking/booking-request";
import { isSuiteTour } from "~/lib/booking/model";
import { suiteTourSchemaFor, tourSuiteType } from "~/lib/booking/suite-tour";
import { markTourBooked } from "~/server/applicants/pipeline.server";
import { suiteTypeChoices } from "~/server/suites/suite-types.server";
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

function malformed(error: z.ZodError, fallback: string): BookingEntryRefusal {
  const fieldErrors = fieldErrorsOf(error);
  return { ok: false, status: 400, message: Object.values(fieldErrors)[0]?.[0] ?? fallback, fieldErrors };
}

const namesSuiteTour = (input: unknown) =>
  typeof input === "object" && input !== null && "service" in input && input.service === SUITE_TOUR.id;

/**
 * Books what a client sent (after the per-minute limit): checks it, counts it against the bookings
 * per address a day, and claims the time through reserveBooking. A suite tour is booked as
 * bookSuiteTour books it, whichever way it comes (its specialty required); never as part of a visit.
 */
export async function bookOnline(
  context: Readonly<RouterContextProvider>,
  input: unknown,
): Promise<BookingEntryResult> {
  if (namesSuiteTour(input)) return bookSuiteTour(context, input);
  const parsed = bookingRequestSchema.safeParse(input);
  if (!parsed.success) return malformed(parsed.error, "Please check the booking.");
  if (parsed.data.more?.some((part) => isSuiteTour(part.service)))
    return { ok: false, status: 400, message: TOUR_ON_ITS_OWN, fieldErrors: { more: [TOUR_ON_ITS_OWN] } };
  return reserveOnline(context, parsed.data);
}

export const TOUR_ON_ITS_OWN = "A suite tour is booked on its own, at /suites/tour.";

/**
 * A suite tour as /suites/tour (and POST /api/bookings with `service` "suite-tour") sends it: the
 * tour's fields (the specialty required; the suite type, if any, one of the salon's), booked on
 * whoever gives tours with the specialty and suite type in its notes; an applicant from the same
 * address still new moves to "tour booked".
 */
export async function bookSuiteTour(
  context: Readonly<RouterContextProvider>,
  input: unknown,
): Promise<BookingEntryResult> {
  const { db } = context.get(servicesContext);
  const types = await suiteTypeChoices(db);
  const parsed = suiteTourSchemaFor(types).safeParse(input);
  if (!parsed.success) return malformed(parsed.error, "Please check the form.");
  const tour = parsed.data;
  const result = await reserveOnline(context, {
    service: SUITE_TOUR.id,
    start: tour.start,
    firstName: tour.firstName,
    lastName: tour.lastName,
    email: tour.email,
    phone: tour.phone,
    notes: tourNotes(tour.specialty, tourSuiteType(types, tour.suiteType)?.name ?? ""),
    agreeToTerms: true,
  });
  if (result.ok) await markTourBooked(db, { email: tour.email });
  return result;
}

/** A checked booking, counted against the bookings per address a day, its time claimed. */
async function reserveOnline(
  context: Readonly<RouterContextProvider>,
  request: BookingRequest,
): Promise<BookingEntryResult> {
  const overLimit = await bookingLimitRefusal(context);
  if (overLimit) return { ok: false, status: 429, ...overLimit };
  const services = context.get(servicesContext);
  const links = siteBookingLinks(services);
  try {
    const booking = await reserveBooking(services.db, services.content, request, { links });
    return { ok: true, booking, links };
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (!refusal) throw error;
    await giveBackBookingLimit(context);
    return { ok: false, ...refusal };
  }
}
