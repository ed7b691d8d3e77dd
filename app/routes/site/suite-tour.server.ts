import { data, type RouterContextProvider } from "react-router";
import { SUITE_TOUR, tourNotes } from "~/content/suite-tour";
import { suiteTourSchema, tourSuiteType } from "~/lib/booking/suite-tour";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { markTourBooked } from "~/server/applicants/pipeline.server";
import { servicesContext } from "~/server/context";
import { bookOnline } from "../resources/api.bookings.server";
import { postedBookingForm } from "./page-booking.server";

/**
 * /suites/tour's post (works without JavaScript): within the public forms' per-minute limit and
 * the bookings' per-day limit, the tour is booked like any online booking (bookOnline: the suite
 * manager's time, claimed through the engine), with the specialty and suite type in its notes.
 */
export async function suiteTourAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { values, refuse, tooMany, refuseBooking } = await postedBookingForm(context, request);
  if (tooMany) return tooMany;
  const parsed = suiteTourSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refuse(400, Object.values(fieldErrors)[0]?.[0] ?? "Please check the form.", fieldErrors);
  }
  const tour = parsed.data;
  const result = await bookOnline(context, {
    service: SUITE_TOUR.id,
    start: tour.start,
    firstName: tour.firstName,
    lastName: tour.lastName,
    email: tour.email,
    phone: tour.phone,
    notes: tourNotes(tour.specialty, tourSuiteType(tour.suiteType)?.name ?? ""),
    agreeToTerms: true,
  });
  if (!result.ok) return refuseBooking(result);
  // An applicant from this address who is still new moves to "tour booked" (nothing when there is none).
  await markTourBooked(context.get(servicesContext).db, { email: tour.email });
  return data({
    ok: true as const,
    manageUrl: `/appointment/${result.booking.manageToken}`,
    start: result.booking.startsAt,
    confirmed: result.booking.status === "confirmed",
  });
}
