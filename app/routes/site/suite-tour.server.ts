import { data, type RouterContextProvider } from "react-router";
import { bookSuiteTour } from "~/server/booking/commands/book-online.server";
import { postedBookingForm } from "./page-booking.server";

/**
 * /suites/tour's post (works without JavaScript): within the public forms' per-minute limit and
 * the bookings' per-day limit, the tour is booked as every tour is (bookSuiteTour: the suite
 * manager's time, claimed through the engine, with the specialty and suite type in its notes).
 */
export async function suiteTourAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { values, tooMany, refuseBooking } = await postedBookingForm(context, request);
  if (tooMany) return tooMany;
  const result = await bookSuiteTour(context, values);
  if (!result.ok) return refuseBooking(result);
  return data({
    ok: true as const,
    manageUrl: `/appointment/${result.booking.manageToken}`,
    start: result.booking.startsAt,
    confirmed: result.booking.status === "confirmed",
  });
}
