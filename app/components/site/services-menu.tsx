import { ArrowRight, ChevronDown } from "lucide-react";
import { cn } from "~/lib/utils";
import { SERVICE_CATEGORIES, SERVICES_INDEX } from "./navigation";

/**
 * The header's Services dropdown: a <details> disclosure, so it opens with the keyboard or a tap
 * without any script, and its links are in the server's HTML. The enhancement script
 * (app/enhance/menus.ts, `details[data-menu]`) sets the trigger's aria-expanded (the summary
 * states it natively without scripts) and adds Escape (focus back on the toggle), closing on a click outside
 * and after choosing a link.
 */
export function ServicesMenu({ pathname, triggerClassName }: { pathname: string; triggerClassName: string }) {
  const active = pathname === SERVICES_INDEX.to || pathname.startsWith(`${SERVICES_INDEX.to}/`);
  return (
    <details data-menu className="group relative">
      <summary
        aria-controls="services-menu"
        data-active={active || undefined}
        className={cn(triggerClassName, "cursor-pointer list-none gap-1.5")}
      >
        Services
        <ChevronDown aria-hidden className="size-3.5 transition-transform duration-200 group-open:rotate-180" />
      </summary>
      <div id="services-menu" className="absolute top-full left-1/2 z-50 w-[32rem] -translate-x-1/2 pt-4">
        <div className="border border-border bg-surface p-7 shadow-[0_24px_48px_-24px_rgb(43_33_28/0.35)]">
          <p className="eyebrow mb-3 text-muted-foreground">Our services</p>
          <ul className="grid grid-cols-2 gap-x-8">
            {SERVICE_CATEGORIES.map((service) => (
              <li key={service.to}>
                <a
                  href={service.to}
                  aria-current={pathname === service.to ? "page" : undefined}
                  className="group/link flex items-center justify-between border-b border-border py-3 font-display text-[1.05rem] text-foreground transition-colors hover:text-accent aria-[current=page]:text-accent"
                >
                  {service.label}
                  <ArrowRight
                    aria-hidden
                    className="size-3.5 -translate-x-1 opacity-0 transition-all duration-200 group-hover/link:translate-x-0 group-hover/link:opacity-100 group-focus-visible/link:translate-x-0 group-focus-visible/link:opacity-100"
                  />
                </a>
              </li>
            ))}
          </ul>
          <a
            href={SERVICES_INDEX.to}
            className="eyebrow mt-6 inline-flex items-center gap-2 text-accent underline-offset-4 hover:underline"
          >
            View all services
            <ArrowRight aria-hidden className="size-3.5" />
          </a>
        </div>
      </div>
    </details>
  );
}
