import { cn } from "~/lib/utils";

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
          <p className="eyebrow text-accent">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-4 text-3xl leading-tight font-normal text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="mt-5 leading-relaxed text-muted-foreground">{intro}</p>
          {aside}
        </div>
        <div className="border border-border bg-surface p-5 shadow-[0_24px_60px_-40px_rgb(43_33_28/0.35)] sm:p-10">
          {children}
        </div>
      </div>
    </section>
  );
}

/** A service's menu of options, listed beside its booking form. */
export function OptionMenu({
  title,
  options,
  descriptions,
}: {
  title: string;
  options: string[];
  descriptions?: string[];
}) {
  if (!options.length) return null;
  return (
    // The form's option select lists the same choices: on small screens the menu would only push it down.
    <div className="mt-10 hidden lg:block">
      <h3 className="eyebrow text-foreground">{title}</h3>
      <ul className="mt-4 divide-y divide-border border-y border-border">
        {options.map((option, i) => (
          <li key={option} className="grid grid-cols-[1.75rem_minmax(0,1fr)] items-baseline py-3">
            <span aria-hidden className="font-display text-sm text-accent tabular-nums">
              {String(i + 1).padStart(2, "0")}
            </span>
            <span className="text-sm">{option}</span>
            {descriptions?.[i] && (
              <span className="col-start-2 mt-1 text-sm text-muted-foreground">{descriptions[i]}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
