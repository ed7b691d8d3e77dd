import { ArrowUpRight, Clock, Mail, MapPin, Phone } from "lucide-react";
import { HoursList } from "~/components/home/hours-card";
import { buttonVariants } from "~/components/ui/button";
import { CONTACT_TEXT as T, type ContactContent } from "~/content/contact";
import { weeklyHours } from "~/lib/hours";
import { telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";

function Block({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden strokeWidth={1.5} className="size-[1.1rem]" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="eyebrow pt-3.5 text-foreground">{title}</h3>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}

export function directionsUrl(c: ContactContent): string {
  const address = [c.address_line1, c.address_line2, `${c.city}, ${c.state} ${c.zip}`].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${c.business_name}, ${address}`)}`;
}

/** Location, the two tap-to-call buttons, the e-mail link and the business hours of /contact. */
export function ContactDetails({ contact, className }: { contact: ContactContent; className?: string }) {
  const phones = [
    { label: T.callSalon, phone: contact.salon_phone },
    { label: T.callSecond, phone: contact.tel_phone },
  ].filter((p) => p.phone);
  return (
    <div className={cn("flex flex-col gap-10", className)}>
      <Block icon={MapPin} title={T.locationTitle}>
        <address className="leading-relaxed not-italic">
          <span className="block font-display text-lg">{contact.business_name}</span>
          <span className="block">{contact.address_line1}</span>
          {contact.address_line2 && <span className="block">{contact.address_line2}</span>}
          <span className="block">
            {contact.city}, {contact.state} {contact.zip}
          </span>
        </address>
        {contact.map_description && (
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{contact.map_description}</p>
        )}
        <a
          href={directionsUrl(contact)}
          target="_blank"
          rel="noopener noreferrer"
          className="group mt-4 inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] uppercase"
        >
          <span className="border-b border-accent/60 pb-1 group-hover:border-accent">{T.directions}</span>
          <ArrowUpRight aria-hidden strokeWidth={1.5} className="size-4 text-accent" />
          <span className="sr-only">{T.newTab}</span>
        </a>
      </Block>

      {phones.length > 0 && (
        <Block icon={Phone} title={T.callTitle}>
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
            {phones.map((p, i) => (
              <a
                key={p.phone}
                href={telHref(p.phone)}
                className={buttonVariants({
                  size: "lg",
                  variant: i === 0 ? "default" : "outline",
                  className: "h-auto flex-col gap-1 px-5 py-3 tracking-normal normal-case sm:flex-1",
                })}
              >
                <span className="text-[0.65rem] tracking-[0.22em] uppercase opacity-85">{p.label}</span>
                <span className="text-base font-medium tabular-nums">{p.phone}</span>
              </a>
            ))}
          </div>
        </Block>
      )}

      {contact.email && (
        <Block icon={Mail} title={T.emailTitle}>
          <a
            href={`mailto:${contact.email}`}
            className="text-base break-all underline decoration-accent/60 underline-offset-4 hover:decoration-accent"
          >
            {contact.email}
          </a>
        </Block>
      )}

      <Block icon={Clock} title={T.hoursTitle}>
        <HoursList days={weeklyHours(contact)} className="-mt-1" />
        {contact.hours_note && (
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{contact.hours_note}</p>
        )}
      </Block>
    </div>
  );
}
