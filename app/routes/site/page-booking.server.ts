import { data, type RouterContextProvider } from "react-router";
import type { LiveBookingData } from "~/lib/booking/live-booking";
import { RATE_LIMIT_MESSAGE } from "~/server/forms/submit-form.server";
import type { AppServices } from "~/server/app-services";
import { salonPhone } from "~/server/booking/engine/catalog.server";
import { bookingCalendar } from "~/server/booking/engine/upcoming-days.server";
import { visitChoices } from "~/server/booking/engine/visit-choices.server";
import { morePartsFromForm } from "~/lib/booking/visit-form";
import { bookOnline, formLimitRefusal } from "~/server/booking/commands/book-online.server";

/**
 * What a page with the live booking form (/book/{id}, the service pages) shows: the option, person
 * and day asked for in `?option=&staff=&date=` (and the visit's further services and their people,
 * `also=` and `with=`), the next two weeks and that day's free times. Null
 * for a service that is not booked online.
 */
export async function liveBookingData(
  services: Pick<AppServices, "db" | "content">,
  request: Request,
  serviceId: string,
): Promise<LiveBookingData | null> {
  const search = new URL(request.url).searchParams;
  const visit = await visitChoices(services.db, services.content, search.getAll("also"), search.getAll("with"));
  const calendar = await bookingCalendar(services.db, services.content, {
    service: serviceId,
    option: search.get("option"),
    date: search.get("date"),
    staffId: Number(search.get("staff")) || null,
    more: visit.chosen,
  });
  if (!calendar) return null;
  return {
    visit,
    serviceId,
    options: calendar.service.options,
    option: calendar.option.name,
    people: calendar.people,
    staffId: calendar.staffId,
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
 * The live booking form's post (works without JavaScript): within the same rate limits as POST
 * /api/bookings (the public forms' per minute, the bookings' per day), the time is claimed through
 * reserveBooking, and the page shows the booking or why not, with what was typed.
 */
export async function liveBookingAction(context: Readonly<RouterContextProvider>, request: Request, serviceId: string) {
  const { form, values, tooMany, refuseBooking } = await postedBookingForm(context, request);
  if (tooMany) return tooMany;
  const more = morePartsFromForm(form.getAll("also").map(String), form.getAll("with").map(String));
  const result = await bookOnline(context, { ...values, service: serviceId, ...(more.length ? { more } : {}) });
  if (!result.ok) return refuseBooking(result);
  return data({
    ok: true as const,
    manageUrl: `/appointment/${result.booking.manageToken}`,
    start: result.booking.startsAt,
    confirmed: result.booking.status === "confirmed",
  });
}

type BookingRefusal = Extract<Awaited<ReturnType<typeof bookOnline>>, { ok: false }>;

/**
 * A booking form posted to a page (the live booking form, /suites/tour), read once for both: its
 * fields as text, the page's refusal (status, message, field errors and what was typed), the 429 of
 * the public forms' per-minute limit when it is reached, and bookOnline's refusal as the page's.
 */
export async function postedBookingForm(context: Readonly<RouterContextProvider>, request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form body (another content type, a broken multipart): a bad request, not a crash.
    form = new FormData();
  }
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const refuse = (status: number, message: string, fieldErrors: Record<string, string[]> = {}, headers?: HeadersInit) =>
    data({ ok: false as const, message, fieldErrors, values }, { status, headers });
  const limited = await formLimitRefusal(context);
  const tooMany = limited
    ? refuse(429, RATE_LIMIT_MESSAGE, {}, { "Retry-After": String(limited.retryAfterSeconds) })
    : null;
  const refuseBooking = (result: BookingRefusal) =>
    refuse(
      result.status,
      result.message,
      result.fieldErrors,
      result.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(result.retryAfterSeconds) },
    );
  return { form, values, refuse, tooMany, refuseBooking };
}
