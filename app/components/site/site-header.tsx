import { Clock, MapPin, Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { ContactContent } from "~/content/contact";
import { weeklyHours } from "~/lib/hours";
import { telHref } from "~/lib/phone";
import type { Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";
import { summarizeHours } from "./hours-summary";
import { MobileMenu } from "./mobile-menu";
import { BOOK_NOW, currentFor, NAV_AFTER_SERVICES, NAV_BEFORE_SERVICES } from "./navigation";
import { ServicesMenu } from "./services-menu";
import { SocialLinks } from "./social-links";
import { ThemeToggle } from "./theme-toggle";
import { Wordmark } from "./wordmark";

const navLinkClass = cn(
  "relative inline-flex items-center py-2 text-[0.72rem] font-medium tracking-[0.22em] text-foreground/75 uppercase transition-colors hover:text-foreground",
  "after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-left after:scale-x-0 after:bg-accent after:transition-transform after:duration-300",
  "hover:after:scale-x-100 aria-[current=page]:text-foreground aria-[current=page]:after:scale-x-100",
  "data-active:text-foreground data-active:after:scale-x-100",
);

export interface SiteHeaderProps {
  contact: ContactContent;
  pathname: string;
  search: string;
  theme: Theme;
}

/**
 * Every public page's header: a slim espresso top bar on large screens (address, phone, hours,
 * social links), then the sticky main row with the wordmark, navigation and actions. It is
 * `[data-page-top]`: where the back-to-top button sends keyboard focus.
 */
export function SiteHeader({ contact, pathname, search, theme }: SiteHeaderProps) {
  const hours = summarizeHours(weeklyHours(contact));
  const navItem = (link: { to: string; label: string }) => (
    <li key={link.to}>
      <a href={link.to} aria-current={currentFor(pathname, link.to)} className={navLinkClass}>
        {link.label}
      </a>
    </li>
  );

  return (
    <header data-page-top tabIndex={-1} className="sticky top-0 z-40 outline-none lg:-top-10">
      <a
        href="#main"
        className="sr-only z-50 bg-foreground px-4 py-3 text-sm text-background focus-visible:not-sr-only focus-visible:fixed focus-visible:top-3 focus-visible:left-3"
      >
        Skip to content
      </a>
      <div className="band hidden h-10 lg:block">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-6 px-8 text-xs text-band-muted">
          <ul className="flex items-center gap-6">
            <li className="flex items-center gap-2">
              <MapPin aria-hidden strokeWidth={1.5} className="size-3.5 text-band-accent" />
              {[contact.address_line1, contact.city].filter(Boolean).join(", ")}
            </li>
            {contact.salon_phone && (
              <li>
                <a
                  href={telHref(contact.salon_phone)}
                  className="flex items-center gap-2 transition-colors hover:text-band-foreground"
                >
                  <Phone aria-hidden strokeWidth={1.5} className="size-3.5 text-band-accent" />
                  {contact.salon_phone}
                </a>
              </li>
            )}
            {hours && (
              <li className="flex items-center gap-2">
                <Clock aria-hidden strokeWidth={1.5} className="size-3.5 text-band-accent" />
                {hours}
              </li>
            )}
          </ul>
          <div className="flex items-center gap-2">
            <span className="eyebrow text-[0.625rem] text-band-muted">Follow us:</span>
            <SocialLinks
              contact={contact}
              className="gap-0"
              linkClassName="size-8 text-band-foreground/85 hover:bg-band-foreground/10 hover:text-band-accent"
              iconClassName="size-[0.95rem]"
            />
          </div>
        </div>
      </div>

      <div className="border-b border-border bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex h-[4.5rem] max-w-7xl items-center justify-between gap-3 px-5 sm:gap-6 sm:px-8">
          <a href="/" className="shrink-0 text-foreground" aria-label={`${contact.business_name}, home`}>
            <Wordmark name={contact.business_name} />
          </a>

          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-7 xl:gap-9">
              {NAV_BEFORE_SERVICES.map(navItem)}
              <li>
                <ServicesMenu pathname={pathname} triggerClassName={navLinkClass} />
              </li>
              {NAV_AFTER_SERVICES.map(navItem)}
            </ul>
          </nav>

          <div className="flex items-center gap-0.5 sm:gap-1">
            <a
              href={BOOK_NOW.to}
              aria-current={currentFor(pathname, BOOK_NOW.to)}
              className={cn(buttonVariants({ size: "sm" }), "mr-1.5 px-3.5 tracking-[0.16em] sm:mr-3 sm:px-4")}
            >
              {BOOK_NOW.label}
            </a>
            {contact.salon_phone && (
              <a
                href={telHref(contact.salon_phone)}
                className={cn(
                  buttonVariants({ variant: "ghost", size: "icon" }),
                  "hidden rounded-full sm:inline-flex lg:hidden",
                )}
              >
                <Phone aria-hidden strokeWidth={1.5} />
                <span className="sr-only">Call {contact.salon_phone}</span>
              </a>
            )}
            <ThemeToggle theme={theme} returnTo={pathname + search} className="hidden sm:flex" />
            <MobileMenu contact={contact} pathname={pathname} theme={theme} returnTo={pathname + search} />
          </div>
        </div>
      </div>
    </header>
  );
}
