import { ArrowLeft } from "lucide-react";

/** The quiet "← back" link above a hero's eyebrow. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      className="group mb-8 inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] text-muted-foreground uppercase transition-colors hover:text-foreground"
    >
      <ArrowLeft aria-hidden strokeWidth={1.5} className="size-4 transition-transform group-hover:-translate-x-1" />
      {children}
    </a>
  );
}
