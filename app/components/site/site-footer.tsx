import { Mail, MapPin, Phone } from "lucide-react";
import type { ContactContent } from "~/content/contact";
import { weeklyHours } from "~/lib/hours";
import { telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { MAIN_NAV, PRICING, SERVICE_CATEGORIES } from "./navigation";
import { NewsletterForm } from "./newsletter-form";
import { NEWSLETTER_ANCHOR } from "./newsletter-status";
import { SocialLinks } from "./social-links";
import { Wordmark } from "./wordmark";

const headingClass = "eyebrow mb-6 text-band-accent";
const linkClass = "text-band-foreground/85 underline-offset-4 transition-colors hover:text-band-accent hover:underline";

/**
 * Every public page's footer, an espresso band in both themes: the newsletter box, then visit
 * details, opening hours, services and site links, then the copyright line. All business facts
 * come from the contact content.
 */
export function SiteFooter({
  contact,
  year,
  pathname,
  search,
}: {
  contact: ContactContent;
  year: number;
  pathname: string;
  search: string;
}) {
  const days = weeklyHours(contact);
  const phones = [contact.salon_phone, contact.tel_phone].filter((p) => p?.trim());
  const cityLine = [contact.city, [contact.state, contact.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");

  return (
    <footer className="band border-t border-band-border text-sm">
      <div className="mx-auto max-w-7xl px-6 sm:px-8">
        <section
          id={NEWSLETTER_ANCHOR}
          aria-labelledby="newsletter-title"
          className="grid gap-8 border-b border-band-border py-14 lg:grid-cols-2 lg:items-end lg:gap-16 lg:py-16"
        >
          <div>
            <p className="eyebrow text-band-accent">Newsletter</p>
            <h2 id="newsletter-title" className="mt-4 font-display text-3xl leading-tight font-normal sm:text-[2.5rem]">
              Join our list for <em className="text-band-accent">openings &amp; offers</em>
            </h2>
            <p className="mt-4 max-w-md leading-relaxed text-band-muted">
              Be the first to hear about new services, seasonal specials and suite availability. No spam, ever.
            </p>
          </div>
          <NewsletterForm pathname={pathname} search={search} />
        </section>

        <div className="grid grid-cols-2 gap-x-6 gap-y-12 py-14 lg:grid-cols-12 lg:gap-10">
          <div className="col-span-2 sm:col-span-1 lg:col-span-4">
            <a href="/" className="inline-block text-band-foreground" aria-label={`${contact.business_name}, home`}>
              <Wordmark name={contact.business_name} tone="band" />
            </a>
            <address className="mt-8 flex gap-3 leading-relaxed text-band-foreground/85 not-italic">
              <MapPin aria-hidden strokeWidth={1.5} className="mt-1 size-4 shrink-0 text-band-accent" />
              <span>
                {contact.address_line1}
                {contact.address_line2 && (
                  <>
                    <br />
                    {contact.address_line2}
                  </>
                )}
                <br />
                {cityLine}
              </span>
            </address>
            <ul className="mt-5 space-y-3">
              {phones.map((phone) => (
                <li key={phone}>
                  <a href={telHref(phone)} className={cn(linkClass, "inline-flex items-center gap-3")}>
                    <Phone aria-hidden strokeWidth={1.5} className="size-4 text-band-accent" />
                    {phone}
                  </a>
                </li>
              ))}
              {contact.email && (
                <li>
                  <a
                    href={`mailto:${contact.email}`}
                    className={cn(linkClass, "inline-flex items-center gap-3 break-all")}
                  >
                    <Mail aria-hidden strokeWidth={1.5} className="size-4 shrink-0 text-band-accent" />
                    {contact.email}
                  </a>
                </li>
              )}
            </ul>
            <SocialLinks
              contact={contact}
              className="mt-7 -ml-2"
              linkClassName="size-10 text-band-foreground/85 hover:bg-band-foreground/10 hover:text-band-accent"
            />
          </div>

          <div className="col-span-2 sm:col-span-1 lg:col-span-3">
            <h2 className={headingClass}>Hours</h2>
            <dl className="space-y-2.5">
              {days.map((day) => (
                <div
                  key={day.label}
                  className="flex items-baseline justify-between gap-4 border-b border-band-border/60 pb-2.5"
                >
                  <dt className="text-band-foreground/85">{day.label}</dt>
                  <dd className={day.closed ? "text-band-muted" : "text-band-foreground"}>{day.text}</dd>
                </div>
              ))}
            </dl>
            {contact.hours_note && <p className="mt-5 text-xs leading-relaxed text-band-muted">{contact.hours_note}</p>}
          </div>

          <nav aria-label="Services" className="lg:col-span-3 lg:pl-6">
            <h2 className={headingClass}>Services</h2>
            <ul className="space-y-3">
              {SERVICE_CATEGORIES.map((service) => (
                <li key={service.to}>
                  <a href={service.to} className={linkClass}>
                    {service.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-label="Explore" className="lg:col-span-2">
            <h2 className={headingClass}>Explore</h2>
            <ul className="space-y-3">
              {MAIN_NAV.map((link) => (
                <li key={link.to}>
                  <a href={link.to} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a href={PRICING.to} className={linkClass}>
                  {PRICING.label}
                </a>
              </li>
            </ul>
          </nav>
        </div>

        <div className="flex flex-col gap-4 border-t border-band-border py-7 text-xs text-band-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {contact.business_name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
