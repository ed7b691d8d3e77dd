import { cn } from "~/lib/utils";

/** A text field with a hairline border; `aria-invalid` turns the edge to the danger colour. */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "h-11 w-full min-w-0 rounded-none border border-border bg-surface px-4 text-base text-foreground sm:text-sm",
        "transition-colors placeholder:text-muted-foreground/80",
        "hover:border-foreground/40 focus-visible:border-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "disabled:cursor-not-allowed disabled:opacity-60",
        "aria-invalid:border-danger",
        className,
      )}
      {...props}
    />
  );
}
