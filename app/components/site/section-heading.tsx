import { cn } from "~/lib/utils";

/*
 * The title's classes per size, the size first where a leading-* follows (tailwind-merge drops a
 * leading-* that comes before a text-* size). `display` opens a page part and has the accent rule
 * under it (as an h1 it is larger); `compact` heads a section inside a page; `small` sits in a
 * column beside another.
 */
const titleClasses = {
  display: "text-3xl sm:text-[2.75rem] mt-4 leading-[1.1] font-normal text-balance",
  displayH1: "text-[2.6rem] sm:text-6xl mt-4 leading-[1.1] font-normal text-balance",
  compact: "mt-4 text-3xl leading-tight font-normal sm:text-4xl",
  small: "mt-4 text-3xl leading-tight font-normal",
} as const;

/**
 * The heading of a public page section: a letter-spaced eyebrow, the Playfair title and, for the
 * display size, a short accent rule. Centred or left-aligned; the title's id names the section
 * (aria-labelledby). Children (a lead paragraph) follow the title.
 */
type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: React.ReactNode;
  children?: React.ReactNode;
  size?: "display" | "compact" | "small";
  align?: "left" | "center";
  as?: "h1" | "h2";
  className?: string;
  titleClassName?: string;
};

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  size = "display",
  align = "left",
  as: Heading = "h2",
  className,
  titleClassName,
}: SectionHeadingProps) {
  const center = align === "center";
  return (
    <div className={cn(center && "mx-auto text-center", className) || undefined}>
      {eyebrow && <p className="eyebrow text-accent">{eyebrow}</p>}
      <Heading
        id={id}
        className={cn(titleClasses[Heading === "h1" && size === "display" ? "displayH1" : size], titleClassName)}
      >
        {title}
      </Heading>
      {size === "display" && (
        <span aria-hidden className={cn(center && "mx-auto", "mt-6 block h-px w-16 bg-accent/60")} />
      )}
      {children}
    </div>
  );
}

/**
 * A section heading (at most 2xl wide) with its description beside it on large screens, below it on
 * small ones.
 */
export function SplitSectionHeading({ description, ...heading }: SectionHeadingProps & { description: string }) {
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
      <SectionHeading className="max-w-2xl" {...heading} />
      <p className="max-w-md leading-relaxed text-muted-foreground">{description}</p>
    </div>
  );
}
