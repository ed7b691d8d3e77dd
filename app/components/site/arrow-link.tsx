import { ArrowRight } from "lucide-react";
import { cn } from "~/lib/utils";

/** An uppercase text link, underlined in the accent colour, with an arrow that nudges right on hover. */
export function ArrowLink({ href, className, children }: { href: string; className?: string; children: string }) {
  return (
    <a
      href={href}
      className={cn(
        "group",
        className,
        "inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] uppercase",
      )}
    >
      <span className="border-b border-accent/60 pb-1 group-hover:border-accent">{children}</span>
      <ArrowRight
        aria-hidden
        strokeWidth={1.5}
        className="size-4 text-accent transition-transform group-hover:translate-x-0.5"
      />
    </a>
  );
}
