import { Clock } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { SERVICES_TEXT as T } from "~/content/services";
import { treatmentBookingPath, type Treatment } from "~/content/treatments";
import type { MenuFacts } from "~/lib/booking/menu-prices";
import { FeatureList } from "~/components/site/feature-list";

/**
 * One signature treatment on /services: LEARN MORE to its page, BOOK NOW to live booking. The first
 * card's photograph is in a phone's first screen, the page's largest picture there: it has `priority`.
 */
export function TreatmentCard({
  treatment,
  facts,
  priority,
}: {
  treatment: Treatment;
  /** Its price and length, from the options it names. */
  facts: MenuFacts;
  priority?: boolean;
}) {
  const href = `/services/${treatment.id}`;
  return (
    <article className="group flex flex-col border border-border bg-surface">
      <a href={href} tabIndex={-1} aria-hidden className="block aspect-[4/3] overflow-hidden bg-surface-muted">
        <ResponsiveImage
          maxWidth={1600}
          src={treatment.image}
          alt=""
          width={960}
          height={720}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </a>
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <h3 className="text-2xl leading-snug font-normal">
          <a href={href} className="hover:text-accent">
            {treatment.title}
          </a>
        </h3>
        <dl className="mt-4 flex items-center justify-between gap-4 border-y border-border py-3">
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <dt className="sr-only">{T.durationLabel}</dt>
            <Clock aria-hidden strokeWidth={1.5} className="size-4 text-accent" />
            <dd>{facts.length}</dd>
          </div>
          {facts.price && (
            <div>
              <dt className="sr-only">{T.priceLabel}</dt>
              <dd className="font-display text-lg text-accent italic">{facts.price}</dd>
            </div>
          )}
        </dl>
        <p className="mt-5 text-sm leading-relaxed text-muted-foreground">{treatment.description}</p>
        <FeatureList items={treatment.features} className="mt-5 gap-2" />
        <div className="mt-auto flex flex-wrap gap-3 pt-8">
          <a href={href} className={buttonVariants({ variant: "outline", className: "flex-1" })}>
            {T.learnMore}
            <span className="sr-only"> about {treatment.title}</span>
          </a>
          <a href={treatmentBookingPath(treatment)} className={buttonVariants({ className: "flex-1" })}>
            {T.bookNow}
            <span className="sr-only"> {treatment.title}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
