import { cn } from "~/lib/utils";
import { SectionHeading } from "~/components/site/section-heading";

/**
 * The section that holds a booking form: an introduction (and whatever the page adds beside it)
 * on the left, the form on a card on the right; one column on small screens.
 */
export function BookingSection({
  id = "book",
  eyebrow,
  title,
  intro,
  aside,
  children,
  className,
}: {
  id?: string;
  eyebrow: string;
  title: string;
  intro: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("bg-surface-muted/50 py-16 sm:py-24", className)}>
      <div className="mx-auto grid max-w-7xl gap-12 px-5 sm:px-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.75fr)] lg:gap-16">
        <div>
          <SectionHeading
            size="compact"
            id={`${id}-title`}
            eyebrow={eyebrow}
            title={title}
            titleClassName="text-balance"
          >
            <p className="mt-5 leading-relaxed text-muted-foreground">{intro}</p>
          </SectionHeading>
          {aside}
        </div>
        <div className="min-w-0 border border-border bg-surface p-5 shadow-[0_24px_60px_-40px_rgb(43_33_28/0.35)] sm:p-10">
          {children}
        </div>
      </div>
    </section>
  );
}
