import { CategoryPage } from "~/components/services/category-page";
import { BOOKING_MESSAGES, bookingServiceFor } from "~/content/bookings";
import { FACIAL_OPTIONS, FACIALS_PAGE, FACIALS_SERVICE_TITLE } from "~/content/facials";
import { findOption, priceListItems } from "~/lib/booking/menu-prices";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { liveBookingAction, liveBookingData } from "~/routes/site/page-booking.server";
import { servicesContext } from "~/server/context";
import type { LiveBookingData } from "~/lib/booking/live-booking";
import type { Route } from "./+types/service-facials";
import { loaderHeadersWithRetryAfter } from "~/lib/route-headers";

/** The booking service facials are booked as (the facials and waxing one: same room, people and prices). */
const FACIALS_BOOKING_ID = bookingServiceFor("facials")?.id ?? "facials-waxing";

/**
 * /services/facials: the static facials page with its eight facials on the menu, booking real free
 * times of the facials and waxing service (`?option=&date=` as on /book/{id}); page-cached like it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [contact, live] = await Promise.all([
    services.content.getPage("contact"),
    liveBookingData(services, request, FACIALS_BOOKING_ID),
  ]);
  if (!live) throw new Error(`No booking service ${FACIALS_BOOKING_ID}`);
  return { phone: contact.salon_phone, live };
}

export async function action({ request, context }: Route.ActionArgs) {
  return liveBookingAction(context, request, FACIALS_BOOKING_ID);
}

export const headers = loaderHeadersWithRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    title: "Facials in Houston — Deep Cleansing, Anti-Aging & Peels",
    description: `${FACIALS_PAGE.description} Choose from ${FACIAL_OPTIONS.join(", ")}.`,
    path: "/services/facials",
    image: FACIALS_PAGE.image,
  });

/**
 * The page's own facials at the lengths and prices of the facials and waxing options of the same
 * names; a facial the owner took off that list is not offered here either.
 */
function facialsPriceList(options: LiveBookingData["options"]) {
  return FACIAL_OPTIONS.flatMap((name, i) => {
    const option = findOption(options, name);
    return option ? [{ ...priceListItems([option])[0], description: FACIALS_PAGE.optionDescriptions[i] }] : [];
  });
}

export default function FacialsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryPage
      serviceKey="facials"
      serviceTitle={FACIALS_SERVICE_TITLE}
      tagline={FACIALS_PAGE.tagline}
      title={FACIALS_PAGE.title}
      description={FACIALS_PAGE.description}
      image={FACIALS_PAGE.image}
      imageAlt={FACIALS_PAGE.imageAlt}
      phone={loaderData.phone}
      textLabel={FACIALS_PAGE.textLabel}
      bookingTitle={FACIALS_PAGE.bookingTitle}
      priceList={facialsPriceList(loaderData.live.options)}
      menuTitle={FACIALS_PAGE.menuTitle}
      messages={BOOKING_MESSAGES.servicePage}
      booking={{ kind: "live", data: loaderData.live, reply: actionData }}
    />
  );
}
