import { cn } from "~/lib/utils";

const SPACE = { wide: "py-20 sm:py-28", compact: "py-16 sm:py-24" } as const;
const COLUMN = "mx-auto max-w-7xl px-5 sm:px-8";

/**
 * A public page's section: the page's column with its side padding and vertical rhythm, on the
 * page's background or on a muted band (the colour full width, the column inside it). `labelledBy`
 * is the id of the section's title. `className` goes on the section, `columnClassName` on the
 * band's column (a grid, say).
 */
export function PageSection({
  labelledBy,
  band = false,
  space = "wide",
  className,
  columnClassName,
  children,
  ...props
}: {
  labelledBy?: string;
  band?: boolean;
  space?: keyof typeof SPACE;
  columnClassName?: string;
} & React.ComponentProps<"section">) {
  if (!band)
    return (
      <section aria-labelledby={labelledBy} className={cn(COLUMN, SPACE[space], className)} {...props}>
        {children}
      </section>
    );
  return (
    <section aria-labelledby={labelledBy} className={cn("bg-surface-muted/60", SPACE[space], className)} {...props}>
      <div className={cn(COLUMN, columnClassName)}>{children}</div>
    </section>
  );
}
