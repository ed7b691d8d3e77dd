import { Clock, Tag } from "lucide-react";
import { cn } from "~/lib/utils";
import { ArchedImage } from "~/components/site/arched-image";

/**
 * The hero of the service, treatment and booking pages: the words on one side, the photograph in
 * an arch on the other (stacked on small screens, words first). The photograph is the page's LCP
 * image, so it loads with priority.
 */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  description,
  image,
  imageAlt,
  before,
  children,
  className,
}: {
  eyebrow: string;
  title: string;
  /** A line set in italics under the title. */
  subtitle?: string;
  description: string;
  image: string;
  imageAlt: string;
  /** Above the eyebrow (a back link). */
  before?: React.ReactNode;
  /** Below the description (facts, buttons). */
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("relative isolate overflow-hidden border-b border-border", className)}>
      <div aria-hidden className="absolute inset-y-0 right-0 -z-10 hidden w-[38%] bg-surface-muted lg:block" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 pt-10 pb-16 sm:px-8 sm:pt-14 lg:grid-cols-[1.1fr_1fr] lg:gap-20 lg:py-24">
        <div>
          {before}
          <p className="eyebrow text-accent">{eyebrow}</p>
          <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-normal text-balance sm:text-6xl">{title}</h1>
          {subtitle && <p className="mt-4 font-display text-xl text-muted-foreground italic sm:text-2xl">{subtitle}</p>}
          <span aria-hidden className="my-7 block h-px w-16 bg-accent/60" />
          <p className="max-w-xl text-base leading-relaxed text-muted-foreground sm:text-lg">{description}</p>
          {children}
        </div>
        <ArchedImage
          className="max-w-[16rem] sm:max-w-sm lg:max-w-md"
          maxWidth={1600}
          src={image}
          alt={imageAlt}
          width={960}
          height={1200}
          sizes="(min-width: 1024px) 448px, (min-width: 640px) 384px, 256px"
          priority
        />
      </div>
    </section>
  );
}

/** Duration and price set as a quiet pair of facts under a hero; a fact not known is left out. */
export function ServiceFacts({
  durationLabel,
  duration,
  priceLabel,
  price,
  className,
}: {
  durationLabel: string;
  duration?: string;
  priceLabel: string;
  price?: string;
  className?: string;
}) {
  const items = [
    {
      label: durationLabel,
      value: duration,
      icon: <Clock aria-hidden strokeWidth={1.5} className="size-4 text-accent" />,
    },
    { label: priceLabel, value: price, icon: <Tag aria-hidden strokeWidth={1.5} className="size-4 text-accent" /> },
  ].filter((item) => item.value);
  if (!items.length) return null;
  return (
    <dl className={cn("flex flex-wrap gap-x-10 gap-y-4", className)}>
      {items.map((item) => (
        <div key={item.label} className="flex flex-col gap-1.5">
          <dt className="eyebrow text-muted-foreground">{item.label}</dt>
          <dd className="flex items-center gap-2 font-display text-xl">
            {item.icon}
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
