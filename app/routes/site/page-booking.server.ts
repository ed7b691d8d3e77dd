import { data, type RouterContextProvider } from "react-router";
import type { LiveBookingData } from "~/lib/booking/live-booking";
import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { fieldErrorsOf } from "~/lib/forms/submission";
import { requestInfoContext, servicesContext } from "../../server/context";
import { RATE_LIMIT_MESSAGE } from "../../server/forms/submit-form.server";
import type { AppServices } from "../../server/services.server";
import { bookingLimitRefusal, giveBackBookingLimit } from "../../server/booking/engine/booking-limit.server";
import { salonPhone } from "../../server/booking/engine/catalog.server";
import { siteBookingLinks } from "../../server/booking/notices/manage-link.server";
import { BookingRefusedError, reserveBooking } from "../../server/booking/engine/reserve.server";
import { bookingCalendar } from "../../server/booking/engine/upcoming-days.server";

/**
 * What a page with the live booking form (/book/{id}, the service pages) shows: the option and the
 * day asked for in `?option=&date=`, the next two weeks and that day's free times. Null for a
 * service that is not booked online.
 */
export async function liveBookingData(
  services: Pick<AppServices, "db" | "content">,
  request: Request,
  serviceId: string,
): Promise<LiveBookingData | null> {
  const search = new URL(request.url).searchParams;
  const calendar = await bookingCalendar(services.db, services.content, {
    service: serviceId,
    option: search.get("option"),
    date: search.get("date"),
  });
  if (!calendar) return null;
  return {
    serviceId,
    options: calendar.service.options,
    option: calendar.option.name,
    timeZone: calendar.timeZone,
    instant: calendar.settings.confirmationMode === "instant",
    days: calendar.days,
    selected: calendar.selected,
    unavailable: calendar.bookable
      ? null
      : { service: calendar.service.title, phone: await salonPhone(services.content) },
  };
}

/**
 * A booking page's own headers: with a day or option chosen (a query string) it is one visitor's
 * view of live times and never stored; the plain page is kept by the page cache like any other
 * (for a minute at most, and dropped on every instance whenever a booking takes or frees a time).
 */
export function liveBookingHeaders(request: Request): HeadersInit | undefined {
  return new URL(request.url).search ? { "Cache-Control": "no-store" } : undefined;
}

/**
 * The live booking form's post (works without JavaScript): within the same rate limits as POST
 * /api/bookings (the public forms' per minute, the bookings' per day), the time is claimed through
 * reserveBooking, and the page shows the booking or why not, with what was typed.
 */
export async function liveBookingAction(context: Readonly<RouterContextProvider>, request: Request, serviceId: string) {
  const services = context.get(servicesContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form body (another content type, a broken multipart): a bad request, not a crash.
    form = new FormData();
  }
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const parsed = bookingRequestSchema.safeParse({ ...values, service: serviceId });
  const refuse = (status: number, message: string, fieldErrors: Record<string, string[]> = {}, headers?: HeadersInit) =>
    data({ ok: false as const, message, fieldErrors, values }, { status, headers });
  const limit = await services.forms.rateLimiter.hit(context.get(requestInfoContext).clientIp);
  if (!limit.allowed) return refuse(429, RATE_LIMIT_MESSAGE, {}, { "Retry-After": String(limit.retryAfterSeconds) });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refuse(400, Object.values(fieldErrors)[0]?.[0] ?? "Please check the booking.", fieldErrors);
  }
  const overLimit = await bookingLimitRefusal(context);
  if (overLimit) return refuse(429, overLimit.message, {}, { "Retry-After": String(overLimit.retryAfterSeconds) });
  try {
    const links = siteBookingLinks(services);
    const booking = await reserveBooking(services.db, services.content, parsed.data, { links });
    // The time is taken: cached pages that list free times are dropped on every instance.
    void services.changes.publish();
    return data({
      ok: true as const,
      manageUrl: `/appointment/${booking.manageToken}`,
      start: booking.startsAt,
      confirmed: booking.status === "confirmed",
    });
  } catch (error) {
    if (error instanceof BookingRefusedError) {
      await giveBackBookingLimit(context);
      return refuse(error.status, error.message);
    }
    throw error;
  }
}
