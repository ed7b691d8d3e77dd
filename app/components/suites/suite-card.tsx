import { ArrowRight } from "lucide-react";
import { SUITES_TEXT as T } from "~/content/suites";
import { freeNowLabel, rentFromLabel, tourHref, type SuiteOffer } from "~/lib/suites/suites";
import { cn } from "~/lib/utils";
import { FeatureList } from "~/components/site/feature-list";
import { ResponsiveImage } from "~/components/responsive-image";

/**
 * A kind of rental space: its photo, rent, size, what is included and how many are free today. It
 * leads to the application (or its waitlist when none is free) and to booking a tour of it.
 */
export function SuiteCard({ suite, applicationHref }: { suite: SuiteOffer; applicationHref: string }) {
  const free = suite.freeNow > 0;
  const photo = suite.photos[0];
  return (
    <article
      className={cn("flex h-full flex-col border bg-surface", free ? "border-border" : "border-dashed border-border")}
      aria-labelledby={`suite-${suite.slug}`}
    >
      {photo ? (
        <ResponsiveImage
          src={photo.src}
          alt={photo.alt}
          width={800}
          height={600}
          sizes="(min-width: 1280px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <span
          className={cn(
            "inline-flex w-fit items-center gap-2 px-2.5 py-1 text-[0.65rem] font-medium tracking-[0.2em] uppercase",
            free ? "bg-success/10 text-success" : "bg-surface-muted text-muted-foreground",
          )}
        >
          <span aria-hidden className={cn("size-1.5 rounded-full", free ? "bg-success" : "bg-muted-foreground")} />
          {freeNowLabel(suite.freeNow)}
        </span>
        <h3 id={`suite-${suite.slug}`} className="mt-5 text-2xl leading-snug font-normal">
          {suite.name}
        </h3>
        <p className="mt-2 font-display text-xl text-accent">{rentFromLabel(suite.rentFromCents, suite.rentPeriod)}</p>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
          {suite.sizeLabel}
          {suite.description ? ` · ${suite.description}` : ""}
        </p>
        <FeatureList items={suite.included} className="mt-6 gap-2.5 border-t border-border pt-6" />
        <div className="mt-auto flex flex-wrap items-center gap-x-6 gap-y-3 pt-8">
          <a
            href={applicationHref}
            className="group inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] text-foreground uppercase"
          >
            <span className="border-b border-accent/60 pb-1 transition-colors group-hover:border-accent">
              {free ? T.checkAvailability : T.joinWaitlist}
            </span>
            <span className="sr-only"> for {suite.name}</span>
            <ArrowRight
              aria-hidden
              strokeWidth={1.5}
              className="size-4 text-accent transition-transform group-hover:translate-x-1"
            />
          </a>
          {/* The tours route (Book a tour) is built beside this page; each type leads there with its slug. */}
          <a
            href={tourHref(suite.slug)}
            className="text-xs font-medium tracking-[0.18em] text-muted-foreground uppercase underline-offset-4 hover:text-foreground hover:underline"
            data-tour-slot={suite.slug}
          >
            {T.bookTour}
            <span className="sr-only"> of {suite.name}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
