import { ArrowRight } from "lucide-react";
import { SUITES_TEXT as T } from "~/content/suites";
import type { SuiteType } from "~/content/suite-types";
import { cn } from "~/lib/utils";
import { FeatureList } from "~/components/site/feature-list";

/**
 * A kind of rental space. The whole card leads to the application form below; an unavailable one
 * wears the occupied badge and invites a waitlist application instead.
 */
export function SuiteCard({ suite, applicationHref }: { suite: SuiteType; applicationHref: string }) {
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col border bg-surface p-6 transition-colors sm:p-8",
        suite.available ? "border-border hover:border-accent/60" : "border-dashed border-border",
      )}
    >
      <span
        className={cn(
          "inline-flex w-fit items-center gap-2 px-2.5 py-1 text-[0.65rem] font-medium tracking-[0.2em] uppercase",
          suite.available ? "bg-success/10 text-success" : "bg-surface-muted text-muted-foreground",
        )}
      >
        <span
          aria-hidden
          className={cn("size-1.5 rounded-full", suite.available ? "bg-success" : "bg-muted-foreground")}
        />
        {suite.available ? T.available : T.occupied}
      </span>
      <h3 className="mt-6 text-2xl leading-snug font-normal">{suite.name}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{suite.size}</p>
      <FeatureList items={suite.features} className="mt-6 gap-2.5 border-t border-border pt-6" />
      <a
        href={applicationHref}
        className="inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] text-foreground uppercase after:absolute after:inset-0 mt-auto pt-8"
      >
        <span className="border-b border-accent/60 pb-1 transition-colors group-hover:border-accent">
          {suite.available ? T.checkAvailability : T.joinWaitlist}
        </span>
        <span className="sr-only"> for {suite.name}</span>
        <ArrowRight
          aria-hidden
          strokeWidth={1.5}
          className="size-4 text-accent transition-transform group-hover:translate-x-1"
        />
      </a>
    </article>
  );
}
