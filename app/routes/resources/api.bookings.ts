import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { fieldErrorsOf } from "~/lib/forms/submission";
import { bookingLimitRefusal, giveBackBookingLimit } from "~/server/booking/engine/booking-limit.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { BookingRefusedError, reserveBooking } from "~/server/booking/engine/reserve.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import type { Route } from "./+types/api.bookings";

const headers = { "Cache-Control": "no-store" };

/**
 * POST /api/bookings (JSON): books a free time. 201 {"status","manageUrl"} (no id: ids would tell
 * anyone how many bookings the salon has); 400 with "error" (and "fieldErrors") when the request
 * or the time breaks a rule; 409 when someone else has the time or the client already holds their
 * cap of upcoming bookings; 429 past the form rate limit or the bookings per address a day.
 * Same-origin and body-size rules are the server's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const limit = await services.forms.rateLimiter.hit(context.get(requestInfoContext).clientIp);
  if (!limit.allowed) {
    return Response.json(
      { error: "Too many requests. Please wait a moment and try again." },
      { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return Response.json({ error: "Send the booking as JSON." }, { status: 415, headers });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body is not valid JSON." }, { status: 400, headers });
  }
  const parsed = bookingRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const first = Object.values(fieldErrors)[0]?.[0] ?? "Please check the booking.";
    return Response.json({ error: first, fieldErrors }, { status: 400, headers });
  }
  const overLimit = await bookingLimitRefusal(context);
  if (overLimit) {
    return Response.json(
      { error: overLimit.message },
      { status: 429, headers: { ...headers, "Retry-After": String(overLimit.retryAfterSeconds) } },
    );
  }
  try {
    const links = siteBookingLinks(services);
    const booking = await reserveBooking(services.db, services.content, parsed.data, { links });
    // The time is taken: cached pages that list free times are dropped on every instance.
    void services.changes.publish();
    return Response.json(
      { status: booking.status, manageUrl: `${links.publicUrl}/appointment/${booking.manageToken}` },
      { status: 201, headers },
    );
  } catch (error) {
    if (error instanceof BookingRefusedError) {
      await giveBackBookingLimit(context);
      return Response.json({ error: error.message }, { status: error.status, headers });
    }
    throw error;
  }
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...headers, Allow: "POST" } });
}
