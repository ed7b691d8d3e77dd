import { CategoryPage } from "~/components/services/category-page";
import { BOOKING_MESSAGES, startingPriceOf } from "~/content/bookings";
import { FACIAL_OPTIONS, FACIALS_PAGE } from "~/content/facials";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { publicFormAction } from "~/server/forms/public-form.server";
import type { Route } from "./+types/service-facials";

/** /services/facials: the static facials page with its eight options. */
export async function loader({ context }: Route.LoaderArgs) {
  const contact = await context.get(servicesContext).content.getPage("contact");
  return { phone: contact.salon_phone };
}

export async function action(args: Route.ActionArgs) {
  return publicFormAction(args, "booking");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    title: "Facials in Houston — Deep Cleansing, Anti-Aging & Peels",
    description: `${FACIALS_PAGE.description} Choose from ${FACIAL_OPTIONS.join(", ")}.`,
    path: "/services/facials",
    image: FACIALS_PAGE.image,
  });

export default function FacialsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryPage
      serviceKey="facials"
      tagline={FACIALS_PAGE.tagline}
      title={FACIALS_PAGE.title}
      description={FACIALS_PAGE.description}
      image={FACIALS_PAGE.image}
      imageAlt={FACIALS_PAGE.imageAlt}
      phone={loaderData.phone}
      textLabel={FACIALS_PAGE.textLabel}
      bookingTitle={FACIALS_PAGE.bookingTitle}
      options={FACIAL_OPTIONS}
      // Facials are booked on the facials and waxing booking page, at its prices.
      price={startingPriceOf("waxing")}
      optionDescriptions={FACIALS_PAGE.optionDescriptions}
      menuTitle={FACIALS_PAGE.menuTitle}
      messages={BOOKING_MESSAGES.servicePage}
      reply={actionData}
    />
  );
}
