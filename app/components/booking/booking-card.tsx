import { Clock } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { BOOKINGS_TEXT as T, type BookingService } from "~/content/bookings";
import type { MenuFacts } from "~/lib/booking/menu-prices";

/** A service on the booking hub: photograph, its options' lengths and lowest price, BOOK APPOINTMENT. */
export function BookingCard({ service, menu }: { service: BookingService; menu: MenuFacts & { count: number } }) {
  const href = `/book/${service.id}`;
  const optionCount = menu.count;
  return (
    <article className="group flex h-full flex-col border border-border bg-surface">
      <div className="relative aspect-[3/2] overflow-hidden bg-surface-muted">
        <ResponsiveImage
          maxWidth={1600}
          src={service.image}
          alt={service.imageAlt}
          width={960}
          height={640}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 className="text-2xl leading-snug font-normal">{service.title}</h2>
          {optionCount > 0 && (
            <span className="mt-1.5 shrink-0 text-xs tracking-[0.14em] text-muted-foreground uppercase">
              {T.optionsLabel(optionCount)}
            </span>
          )}
        </div>
        <dl className="mt-5 grid grid-cols-2 border-y border-border">
          <div className="py-4 pr-4">
            <dt className="eyebrow text-muted-foreground">{T.durationLabel}</dt>
            <dd className="mt-1.5 flex items-center gap-2 text-sm">
              <Clock aria-hidden strokeWidth={1.5} className="size-4 shrink-0 text-accent" />
              {menu.length}
            </dd>
          </div>
          {menu.price && (
            <div className="border-l border-border py-4 pl-5">
              <dt className="eyebrow text-muted-foreground">{T.startingAt}</dt>
              <dd className="mt-1 font-display text-2xl text-accent">{menu.price}</dd>
            </div>
          )}
        </dl>
        <p className="mt-5 mb-8 text-sm leading-relaxed text-muted-foreground">{service.note}</p>
        <a href={href} className={buttonVariants({ className: "mt-auto w-full" })}>
          {T.bookAppointment} <span className="sr-only">for {service.title}</span>
        </a>
      </div>
    </article>
  );
}
