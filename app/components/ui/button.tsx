import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/utils";

/**
 * The one button look of the public site: letter-spaced small caps, hairline edges, a quiet hover.
 * For a link that looks like a button, put `buttonVariants(...)` on the link's className.
 */
export const buttonVariants = cva(
  [
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-none",
    "text-xs font-medium tracking-[0.18em] uppercase transition-colors duration-200",
    "disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0",
    "focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-ring",
  ],
  {
    variants: {
      variant: {
        default: "bg-accent text-accent-foreground hover:bg-accent-strong",
        solid: "bg-foreground text-background hover:bg-foreground/85",
        secondary: "bg-surface-muted text-foreground hover:bg-accent-soft",
        destructive: "bg-danger text-background hover:bg-danger/90",
        outline:
          "border border-foreground/25 bg-transparent text-foreground hover:border-foreground hover:bg-foreground/5",
        ghost: "text-foreground hover:bg-surface-muted",
        link: "h-auto px-0 tracking-normal normal-case text-sm text-foreground underline decoration-accent/60 underline-offset-4 hover:decoration-accent",
      },
      size: {
        sm: "h-9 px-4",
        default: "h-11 px-6",
        lg: "h-12 px-8",
        icon: "size-10 tracking-normal [&_svg:not([class*='size-'])]:size-[1.15rem]",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & ButtonVariantProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
