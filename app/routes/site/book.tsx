import { Clock, Tag } from "lucide-react";
import { data } from "react-router";
import { BookingForm } from "~/components/booking/booking-form";
import { BookingSection } from "~/components/booking/booking-section";
import { BackLink } from "~/components/services/back-link";
import { CallTextButtons } from "~/components/services/contact-buttons";
import { PageHero, ServiceFacts } from "~/components/services/page-hero";
import { ServiceNotFound } from "~/components/services/service-not-found";
import { BOOKING_FORM_TEXT, BOOKING_MESSAGES, BOOKINGS_TEXT as T, findBookingService } from "~/content/bookings";
import { parseServiceOptions } from "~/content/service-pages";
import { SERVICE_NOT_FOUND } from "~/content/services";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { publicFormAction } from "~/server/forms/public-form.server";
import type { Route } from "./+types/book";

/**
 * /book/{id}: one service's booking page. The option list, phone and text label are the
 * service-{type} content the /services/{type} page uses too, so both offer the same choices.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = findBookingService(params.serviceId);
  if (!service) return data({ found: false as const }, { status: 404 });
  const page = await context.get(servicesContext).content.getPage(`service-${service.type}`);
  return { found: true as const, service, page, options: parseServiceOptions(page.service_options) };
}

export async function action(args: Route.ActionArgs) {
  if (!findBookingService(args.params.serviceId)) throw data("Not Found", { status: 404 });
  return publicFormAction(args, "booking");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData?.found) {
    return [{ title: `${SERVICE_NOT_FOUND.title} | ${site.businessName}` }, { name: "robots", content: "noindex" }];
  }
  const { service } = loaderData;
  return seoMeta({
    ...site,
    title: `Book ${service.title} — ${T.startingAt} ${service.startingPrice}`,
    description: `Request a ${service.title.toLowerCase()} appointment online: ${service.duration}, ${T.startingAt.toLowerCase()} ${service.startingPrice}. ${service.note}`,
    path: `/book/${service.id}`,
    image: service.image,
  });
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <ServiceNotFound backHref="/bookings" />;
  const { service, page, options } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={T.bookingEyebrow}
        title={service.title}
        description={service.note}
        image={service.image}
        imageAlt={service.imageAlt}
        before={<BackLink href="/bookings">{T.backLink}</BackLink>}
      >
        <ServiceFacts
          className="mt-8"
          items={[
            {
              label: T.durationLabel,
              value: service.duration,
              icon: <Clock aria-hidden strokeWidth={1.5} className="size-4 text-accent" />,
            },
            {
              label: T.startingAt,
              value: service.startingPrice,
              icon: <Tag aria-hidden strokeWidth={1.5} className="size-4 text-accent" />,
            },
          ]}
        />
        <CallTextButtons
          phone={page.phone_number}
          callLabel={T.callDirect}
          textLabel={page.text_button_label}
          className="mt-9"
        />
      </PageHero>

      <BookingSection
        eyebrow={T.formEyebrow}
        title={page.booking_title}
        intro={BOOKING_FORM_TEXT.intro}
        aside={
          <div className="mt-10">
            <p className="eyebrow text-accent">{T.includedEyebrow}</p>
            <h3 className="mt-3 text-2xl font-normal">{T.includedTitle}</h3>
            <ol className="mt-6 flex flex-col gap-6">
              {service.included.map((item, i) => (
                <li key={item.title} className="flex gap-5">
                  <span aria-hidden className="w-9 shrink-0 font-display text-3xl leading-none text-accent/80 italic">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  <div>
                    <h4 className="font-display text-lg">{item.title}</h4>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        }
      >
        <BookingForm
          serviceKey={service.type}
          options={options}
          messages={BOOKING_MESSAGES.bookPage}
          reply={actionData}
        />
      </BookingSection>
    </>
  );
}
