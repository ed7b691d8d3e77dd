import { data } from "react-router";
import { CategoryPage, type CategoryBooking } from "~/components/services/category-page";
import { ServiceNotFound } from "~/components/services/service-not-found";
import { TreatmentDetail } from "~/components/services/treatment-detail";
import { BOOKING_MESSAGES, bookingServiceFor } from "~/content/bookings";
import { categoryFor, categoryPath, SERVICE_LABELS, SERVICE_TAGLINES } from "~/content/service-pages";
import { SERVICE_NOT_FOUND } from "~/content/services";
import { findTreatment } from "~/content/treatments";
import { priceListItems } from "~/lib/booking/menu-prices";
import { readServiceOptions } from "~/lib/booking/service-options";
import { generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import { liveBookingAction, liveBookingData } from "~/routes/site/page-booking.server";
import { treatmentsWithFacts } from "~/server/content/service-menus.server";
import { servicesContext } from "~/server/context";
import { publicFormAction } from "./public-form.server";
import type { Route } from "./+types/service";
import { loaderHeadersWithRetryAfter } from "~/lib/route-headers";

/**
 * /services/{id} (docs/product.md, Services and service pages): a treatment's detail page, a category page with its
 * booking form (/services/wax is the facials-waxing page), or 'Service Not Found' with HTTP 404. A category
 * booked online shows its real free times (`?option=&date=` as on /book/{id}; page-cached per whole query
 * until a booking takes or frees a time); lip fillers, not booked online, keep a request form.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const treatment = findTreatment(params.serviceId);
  if (treatment) {
    const [contact, [{ facts }]] = await Promise.all([
      services.content.getPage("contact"),
      treatmentsWithFacts(services.content, [treatment]),
    ]);
    return { kind: "treatment" as const, treatment, facts, phone: contact.salon_phone };
  }
  const type = categoryFor(params.serviceId);
  if (type) {
    const online = bookingServiceFor(type);
    const [page, live] = await Promise.all([
      services.content.getPage(`service-${type}`),
      online ? liveBookingData(services, request, online.id) : null,
    ]);
    const requestOptions = readServiceOptions(page.service_options);
    return { kind: "category" as const, type, path: categoryPath(type), page, live, requestOptions };
  }
  return data({ kind: "not-found" as const }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  const type = categoryFor(args.params.serviceId);
  if (!type) throw data("Not Found", { status: 404 });
  const online = bookingServiceFor(type);
  if (online) return liveBookingAction(args.context, args.request, online.id);
  return publicFormAction(args, "booking");
}

export const headers = loaderHeadersWithRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData || loaderData.kind === "not-found") {
    return [{ title: `${SERVICE_NOT_FOUND.title} | ${site.businessName}` }, { name: "robots", content: "noindex" }];
  }
  if (loaderData.kind === "treatment") {
    const { treatment, facts } = loaderData;
    const priced = [facts.price, facts.length].filter(Boolean).join(", ");
    return seoMeta({
      ...site,
      title: `${treatment.title} in Houston`,
      description: `${treatment.subtitle}.${priced ? ` ${priced}.` : ""} ${treatment.features.join(", ")}.`,
      path: `/services/${treatment.id}`,
      image: treatment.image,
    });
  }
  const { page, path, type } = loaderData;
  const pageId = `service-${type}` as const;
  return seoMeta({ ...site, ...pageSeo(pageId, page, generatedSeo(pageId, page)), path });
};

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <ServiceNotFound />;
  if (loaderData.kind === "treatment")
    return <TreatmentDetail treatment={loaderData.treatment} facts={loaderData.facts} phone={loaderData.phone} />;
  const { type, page, live, requestOptions } = loaderData;
  const booking: CategoryBooking = live
    ? { kind: "live", data: live, reply: actionData && !("id" in actionData) ? actionData : undefined }
    : {
        kind: "request",
        options: requestOptions.map((o) => o.name),
        reply: actionData && !("manageUrl" in actionData) ? actionData : undefined,
      };
  return (
    <CategoryPage
      serviceKey={type}
      serviceTitle={SERVICE_LABELS[type]}
      tagline={SERVICE_TAGLINES[type]}
      title={page.hero_title}
      description={page.hero_description}
      image={page.hero_image}
      imageAlt=""
      phone={page.phone_number}
      textLabel={page.text_button_label}
      bookingTitle={page.booking_title}
      priceList={priceListItems(live ? live.options : requestOptions)}
      messages={type === "waxing" ? BOOKING_MESSAGES.waxingPage : BOOKING_MESSAGES.servicePage}
      booking={booking}
    />
  );
}
