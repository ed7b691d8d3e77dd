import { cn } from "~/lib/utils";

/**
 * The heading of a public page section: a letter-spaced eyebrow, the Playfair title and a short
 * accent rule. Centred or left-aligned; the title's id names the section (aria-labelledby).
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "left",
  as: Heading = "h2",
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  align?: "left" | "center";
  as?: "h1" | "h2";
  className?: string;
}) {
  const center = align === "center";
  return (
    <div className={cn(center && "mx-auto text-center", className)}>
      {eyebrow && <p className="eyebrow text-accent">{eyebrow}</p>}
      <Heading
        id={id}
        // The size first: tailwind-merge drops a leading-* that comes before a text-* size.
        className={cn(
          Heading === "h1" ? "text-[2.6rem] sm:text-6xl" : "text-3xl sm:text-[2.75rem]",
          "mt-4 leading-[1.1] font-normal text-balance",
        )}
      >
        {title}
      </Heading>
      <span aria-hidden className={cn("mt-6 block h-px w-16 bg-accent/60", center && "mx-auto")} />
      {children}
    </div>
  );
}
