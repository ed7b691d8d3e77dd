import { data } from "react-router";
import { BookingPageLayout } from "~/components/booking/booking-page-layout";
import { BackLink } from "~/components/services/back-link";
import { TourBookingForm } from "~/components/suites/tour-booking-form";
import { BOOKING_MESSAGES } from "~/content/bookings";
import { SUITE_TOUR, SUITE_TOUR_PATH, SUITE_TOUR_TEXT as T } from "~/content/suite-tour";
import { SUITES_GALLERY } from "~/content/suites-gallery";
import { tourSuiteType } from "~/lib/booking/suite-tour";
import { loaderHeadersWithRetryAfter } from "~/lib/route-headers";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { suiteTypeChoices } from "~/server/suites/suite-types.server";
import { liveBookingData } from "./page-booking.server";
import { suiteTourAction } from "./suite-tour.server";
import type { Route } from "./+types/suite-tour";

/**
 * /suites/tour: a suite tour booked in the suite manager's real free times. `?date=` chooses the
 * day shown (so it works without JavaScript), `?type=` the suite type the visitor came from. Kept
 * by the page cache per whole query until a booking takes or frees a time (decision 62).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const booking = await liveBookingData(context.get(servicesContext), request, SUITE_TOUR.id);
  if (!booking) throw data("Not Found", { status: 404 });
  const suiteTypes = await suiteTypeChoices(context.get(servicesContext).db);
  const type = tourSuiteType(suiteTypes, new URL(request.url).searchParams.get("type"));
  return {
    booking: { ...booking, visit: undefined },
    suiteTypes,
    suiteType: type?.slug ?? null,
    suiteName: type?.name ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return suiteTourAction(context, request);
}

export const headers = loaderHeadersWithRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    title: "Book a Suite Tour",
    description: T.lead,
    path: SUITE_TOUR_PATH,
  });

export default function SuiteTourPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, suiteType, suiteName, suiteTypes } = loaderData;
  const image = SUITES_GALLERY[0];
  return (
    <BookingPageLayout
      before={<BackLink href="/suites">{T.backLink}</BackLink>}
      eyebrow={T.eyebrow}
      title={suiteName ? `${T.title}: ${suiteName}` : T.title}
      formTitle={T.formTitle}
      formIntro={T.formIntro}
      form={
        <TourBookingForm
          data={booking}
          reply={actionData}
          messages={BOOKING_MESSAGES.bookPage}
          suiteType={suiteType}
          suiteTypes={suiteTypes}
        />
      }
      image={image.src}
      imageAlt={image.alt}
      details={<p className="max-w-xl leading-relaxed text-muted-foreground sm:text-lg">{T.lead}</p>}
    />
  );
}
