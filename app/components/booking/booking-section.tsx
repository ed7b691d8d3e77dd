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

/** One line of a price list: an option, its price (when known) and a short description. */
export interface PriceItem {
  name: string;
  price?: string;
  description?: string;
}

/**
 * A service's price list beside its booking form: each option with its price, at every width. An
 * option's price is where it starts, so each reads "from …"; an option with no price known is
 * listed alone.
 */
export function PriceList({ title, items }: { title: string; items: PriceItem[] }) {
  if (!items.length) return null;
  return (
    <div className="mt-10">
      <h3 id="price-list-title" className="eyebrow text-foreground">
        {title}
      </h3>
      <ul aria-labelledby="price-list-title" className="mt-5 border-y border-border py-3">
        {items.map((item) => (
          <li key={item.name} data-price-item className="py-2.5">
            <p className="flex items-baseline gap-3">
              <span className="font-display text-[1.05rem] leading-snug text-foreground">{item.name}</span>
              {item.price && (
                <>
                  {" "}
                  <span
                    aria-hidden
                    className="min-w-6 flex-1 translate-y-[-0.25em] border-b-2 border-dotted border-foreground/20"
                  />
                  <span data-price className="shrink-0 text-sm whitespace-nowrap text-accent tabular-nums">
                    <span className="text-xs text-muted-foreground">from </span>
                    {item.price}
                  </span>
                </>
              )}
            </p>
            {item.description && (
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
