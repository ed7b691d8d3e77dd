import { ArrowRight } from "lucide-react";
import { BookingCard } from "~/components/booking/booking-card";
import { buttonVariants } from "~/components/ui/button";
import { BOOKING_SERVICES, BOOKINGS_TEXT as T } from "~/content/bookings";
import { choiceFacts } from "~/lib/booking/menu-prices";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { bookableServices } from "~/server/booking/engine/catalog.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/bookings";

/**
 * /bookings, the booking hub (footer label 'Pricing'): seven services, each to its /book/{id} page,
 * with the lowest price and the range of lengths of the options the owner set.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const services = await bookableServices(content);
  return { menus: services.map((s) => ({ count: s.options.length, ...choiceFacts(s.options) })) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    title: "Pricing & Online Booking — Hair, Nails, Lashes, Brows & More",
    description: `Starting prices and lengths for ${BOOKING_SERVICES.map((s) => s.title.toLowerCase()).join(", ")}. Book your appointment online.`,
    path: "/bookings",
    image: BOOKING_SERVICES[0].image,
  });

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="border-b border-border bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_65%)]">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-20 text-center sm:py-24">
          <p className="eyebrow text-accent">{T.eyebrow}</p>
          <h1 className="mt-5 text-5xl leading-[1.05] font-normal sm:text-6xl">{T.title}</h1>
          <span aria-hidden className="my-8 block h-px w-16 bg-accent/60" />
          <p className="max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">{T.description}</p>
        </div>
      </section>

      <section aria-label={T.title} className="mx-auto max-w-7xl px-5 py-16 sm:px-8 sm:py-20">
        <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
          {BOOKING_SERVICES.map((service, i) => (
            <li key={service.id}>
              <BookingCard service={service} menu={loaderData.menus[i]} />
            </li>
          ))}
          <li className="flex flex-col justify-center border border-dashed border-accent/50 bg-accent-soft/40 p-8 text-center sm:p-10 xl:col-span-2">
            <h2 className="text-2xl leading-snug font-normal sm:text-3xl">{T.contactTitle}</h2>
            <p className="mx-auto mt-3 max-w-md leading-relaxed text-muted-foreground">{T.contactText}</p>
            <a
              href="/contact"
              className={buttonVariants({ variant: "outline", size: "lg", className: "mx-auto mt-8" })}
            >
              {T.contactLink}
              <ArrowRight aria-hidden strokeWidth={1.5} className="size-4" />
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
