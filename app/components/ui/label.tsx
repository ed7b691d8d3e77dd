import { cn } from "~/lib/utils";

/** A field label in the site's letter-spaced small caps. */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn("text-[0.7rem] font-medium tracking-[0.2em] text-foreground uppercase", className)}
      {...props}
    />
  );
}
