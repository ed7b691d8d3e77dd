import { data } from "react-router";
import { LiveBookingForm } from "~/components/booking/live-booking-form";
import { BookingPageLayout } from "~/components/booking/booking-page-layout";
import { BackLink } from "~/components/services/back-link";
import { CallTextButtons } from "~/components/services/contact-buttons";
import { ServiceFacts } from "~/components/services/page-hero";
import { ServiceNotFound } from "~/components/services/service-not-found";
import { BOOKING_FORM_TEXT, BOOKING_MESSAGES, BOOKINGS_TEXT as T, findBookingService } from "~/content/bookings";
import { SERVICE_NOT_FOUND } from "~/content/services";
import { choiceFacts } from "~/lib/booking/menu-prices";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { liveBookingAction, liveBookingData } from "~/routes/site/page-booking.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/book";
import { loaderHeadersWithRetryAfter } from "~/lib/route-headers";

/**
 * /book/{id}: one service's booking page, with its real free times. The options, phone and text
 * label are the service-{type} content the /services/{type} page uses too. `?option=&date=` choose
 * what the page shows (so it works without JavaScript); the booking posts to the page. The page
 * cache keeps it per whole query, and every booking change drops it (decision 62).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const service = findBookingService(params.serviceId);
  if (!service) return data({ found: false as const }, { status: 404 });
  const services = context.get(servicesContext);
  const [page, booking] = await Promise.all([
    services.content.getPage(`service-${service.type}`),
    liveBookingData(services, request, service.id),
  ]);
  if (!booking) return data({ found: false as const }, { status: 404 });
  return { found: true as const, service, page, booking };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!findBookingService(params.serviceId)) throw data("Not Found", { status: 404 });
  return liveBookingAction(context, request, params.serviceId);
}

export const headers = loaderHeadersWithRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData?.found) {
    return [{ title: `${SERVICE_NOT_FOUND.title} | ${site.businessName}` }, { name: "robots", content: "noindex" }];
  }
  const { service } = loaderData;
  const menu = choiceFacts(loaderData.booking.options);
  const from = menu.price ? ` — ${T.startingAt} ${menu.price}` : "";
  return seoMeta({
    ...site,
    title: `Book ${service.title}${from}`,
    description: `Book a ${service.title.toLowerCase()} appointment online: ${menu.length}${menu.price ? `, ${T.startingAt.toLowerCase()} ${menu.price}` : ""}. ${service.note}`,
    path: `/book/${service.id}`,
    image: service.image,
  });
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <ServiceNotFound backHref="/bookings" />;
  const { service, page, booking } = loaderData;
  const menu = choiceFacts(booking.options);
  return (
    <BookingPageLayout
      before={<BackLink href="/bookings">{T.backLink}</BackLink>}
      eyebrow={T.bookingEyebrow}
      title={service.title}
      formTitle={page.booking_title}
      formIntro={booking.instant ? BOOKING_FORM_TEXT.introInstant : BOOKING_FORM_TEXT.intro}
      form={<LiveBookingForm data={booking} messages={BOOKING_MESSAGES.bookPage} reply={actionData} />}
      image={service.image}
      imageAlt={service.imageAlt}
      details={
        <>
          <p className="max-w-xl leading-relaxed text-muted-foreground sm:text-lg">{service.note}</p>
          <ServiceFacts
            className="mt-8"
            durationLabel={T.durationLabel}
            duration={menu.length}
            priceLabel={T.startingAt}
            price={menu.price}
          />
          <CallTextButtons
            phone={page.phone_number}
            callLabel={T.callDirect}
            textLabel={page.text_button_label}
            className="mt-9"
          />
          <div className="mt-12">
            <p className="eyebrow text-accent">{T.includedEyebrow}</p>
            <h2 className="mt-3 text-2xl font-normal">{T.includedTitle}</h2>
            <ol className="mt-6 flex flex-col gap-6">
              {service.included.map((item, i) => (
                <li key={item.title} className="flex gap-5">
                  <span aria-hidden className="w-9 shrink-0 font-display text-3xl leading-none text-accent/80 italic">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  <div>
                    <h3 className="font-display text-lg">{item.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </>
      }
    />
  );
}
