import { data } from "react-router";
import { CategoryPage } from "~/components/services/category-page";
import { ServiceNotFound } from "~/components/services/service-not-found";
import { TreatmentDetail } from "~/components/services/treatment-detail";
import { BOOKING_MESSAGES, startingPriceOf } from "~/content/bookings";
import { categoryFor, categoryPath, parseServiceOptions, SERVICE_TAGLINES } from "~/content/service-pages";
import { SERVICE_NOT_FOUND } from "~/content/services";
import { findTreatment } from "~/content/treatments";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { publicFormAction } from "~/server/forms/public-form.server";
import type { Route } from "./+types/service";

/**
 * /services/{id} (docs/product.md, Services and service pages): a treatment's detail page, a category page with its
 * booking form (/services/wax is the facials-waxing page), or 'Service Not Found' with HTTP 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const treatment = findTreatment(params.serviceId);
  if (treatment) {
    const contact = await content.getPage("contact");
    return { kind: "treatment" as const, treatment, phone: contact.salon_phone };
  }
  const type = categoryFor(params.serviceId);
  if (type) {
    const page = await content.getPage(`service-${type}`);
    return {
      kind: "category" as const,
      type,
      path: categoryPath(type),
      page,
      options: parseServiceOptions(page.service_options),
    };
  }
  return data({ kind: "not-found" as const }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  if (!categoryFor(args.params.serviceId)) throw data("Not Found", { status: 404 });
  return publicFormAction(args, "booking");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData || loaderData.kind === "not-found") {
    return [{ title: `${SERVICE_NOT_FOUND.title} | ${site.businessName}` }, { name: "robots", content: "noindex" }];
  }
  if (loaderData.kind === "treatment") {
    const { treatment } = loaderData;
    return seoMeta({
      ...site,
      title: `${treatment.title} in Houston`,
      description: `${treatment.subtitle}. ${treatment.price}, ${treatment.duration}. ${treatment.features.join(", ")}.`,
      path: `/services/${treatment.id}`,
      image: treatment.image,
    });
  }
  const { page, path } = loaderData;
  return seoMeta({
    ...site,
    title: `${page.hero_title} in Houston — Book Online`,
    description: page.hero_description,
    path,
    image: page.hero_image,
  });
};

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <ServiceNotFound />;
  if (loaderData.kind === "treatment")
    return <TreatmentDetail treatment={loaderData.treatment} phone={loaderData.phone} />;
  const { type, page, options } = loaderData;
  return (
    <CategoryPage
      serviceKey={type}
      tagline={SERVICE_TAGLINES[type]}
      title={page.hero_title}
      description={page.hero_description}
      image={page.hero_image}
      imageAlt=""
      phone={page.phone_number}
      textLabel={page.text_button_label}
      bookingTitle={page.booking_title}
      options={options}
      price={startingPriceOf(type)}
      messages={type === "waxing" ? BOOKING_MESSAGES.waxingPage : BOOKING_MESSAGES.servicePage}
      reply={actionData}
    />
  );
}
