import { Menu, Phone, X } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { ContactContent } from "~/content/contact";
import { telHref } from "~/lib/phone";
import type { Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";
import {
  currentFor,
  NAV_AFTER_SERVICES,
  NAV_BEFORE_SERVICES,
  PRICING,
  SERVICE_CATEGORIES,
  SERVICES_INDEX,
} from "./navigation";
import { SocialLinks } from "./social-links";
import { ThemeToggle } from "./theme-toggle";

const topLinkClass =
  "block py-3 font-display text-[1.45rem] leading-tight text-foreground transition-colors hover:text-accent aria-[current=page]:text-accent";

/**
 * The small-screen menu: a <details> disclosure, so the toggle works without JavaScript and every
 * link is in the server's HTML. The summary states open or closed natively; the enhancement
 * script (app/enhance/menus.ts) also sets aria-expanded, adds Escape (focus back on the
 * toggle), and closes the menu when a link is chosen or on a click outside.
 */
export function MobileMenu({
  contact,
  pathname,
  theme,
  returnTo,
}: {
  contact: ContactContent;
  pathname: string;
  theme: Theme;
  returnTo: string;
}) {
  const topLink = (link: { to: string; label: string }) => (
    <li key={link.to}>
      <a href={link.to} aria-current={currentFor(pathname, link.to)} className={topLinkClass}>
        {link.label}
      </a>
    </li>
  );

  return (
    <details data-menu className="group lg:hidden">
      <summary
        id="mobile-menu-toggle"
        aria-controls="mobile-menu"
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "cursor-pointer list-none rounded-full")}
      >
        <Menu aria-hidden strokeWidth={1.5} className="group-open:hidden" />
        <X aria-hidden strokeWidth={1.5} className="hidden group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div
        id="mobile-menu"
        className="absolute inset-x-0 top-full z-40 h-[calc(100dvh-4.5rem)] overflow-y-auto overscroll-contain border-t border-border bg-background shadow-[0_24px_40px_-20px_rgb(43_33_28/0.35)]"
      >
        <nav aria-label="Mobile" className="px-6 pt-3 pb-8 sm:px-8">
          <ul className="divide-y divide-border">
            {NAV_BEFORE_SERVICES.map(topLink)}
            <li className="pb-3">
              <a
                href={SERVICES_INDEX.to}
                aria-current={currentFor(pathname, SERVICES_INDEX.to)}
                className={topLinkClass}
              >
                {SERVICES_INDEX.label}
              </a>
              <ul
                aria-label="Service categories"
                className="ml-1 grid grid-cols-2 gap-x-4 border-l border-accent/40 pl-5"
              >
                {SERVICE_CATEGORIES.map((service) => (
                  <li key={service.to}>
                    <a
                      href={service.to}
                      aria-current={currentFor(pathname, service.to)}
                      className="block py-2 text-[0.95rem] text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-accent"
                    >
                      {service.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            {NAV_AFTER_SERVICES.map(topLink)}
          </ul>

          <a href={PRICING.to} className={cn(buttonVariants({ size: "lg" }), "mt-6 w-full")}>
            Book an appointment
          </a>

          <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6">
            {contact.salon_phone && (
              <a href={telHref(contact.salon_phone)} className="inline-flex items-center gap-2 text-sm text-foreground">
                <Phone aria-hidden strokeWidth={1.5} className="size-4 text-accent" />
                {contact.salon_phone}
              </a>
            )}
            <div className="-mr-2 flex items-center">
              <SocialLinks contact={contact} linkClassName="text-foreground hover:bg-surface-muted hover:text-accent" />
              {/* On phones the header row has room only for Book now and the menu: the theme switch is here. */}
              <ThemeToggle theme={theme} returnTo={returnTo} className="ml-1 border-l border-border pl-1 sm:hidden" />
            </div>
          </div>
        </nav>
      </div>
    </details>
  );
}
