import { ArrowRight, Clock } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { BOOKING_SERVICES } from "~/content/bookings";
import { SUITE_TOUR_PATH } from "~/content/suite-tour";
import { HOME_TEXT } from "~/content/home";
import type { DayHours } from "~/lib/hours";
import { APPOINTMENT_SECTION_ID } from "./hero-carousel";
import { HoursList } from "./hours-card";
import { SectionHeading } from "~/components/site/section-heading";

/**
 * 'Get Appointment': the services to book, each a link to its live booking page (one tap from
 * BOOK ONLINE to a service's free times), beside the opening-hours card and the 'Book A Tour'
 * invitation for professionals, which leads to a suite tour's free times (/suites/tour).
 */
export function AppointmentSection({ hours, hoursNote }: { hours: DayHours[]; hoursNote: string }) {
  return (
    <section
      id={APPOINTMENT_SECTION_ID}
      aria-labelledby="appointment-title"
      className="border-t border-border bg-surface-muted/60 py-20 sm:py-28"
    >
      {/* In reading order for phones (heading, services, hours, tour); on large screens the tour
          invitation moves up beside the heading. */}
      <div className="mx-auto grid max-w-7xl items-start gap-x-10 gap-y-12 px-5 sm:px-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <SectionHeading
          id="appointment-title"
          eyebrow={HOME_TEXT.appointmentEyebrow}
          title={HOME_TEXT.appointmentTitle}
          className="max-w-2xl lg:col-start-1 lg:row-start-1"
        >
          <p className="mt-6 leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {HOME_TEXT.appointmentIntro}
          </p>
        </SectionHeading>

        <nav
          aria-labelledby="appointment-services-title"
          className="border border-border bg-surface p-6 shadow-[0_24px_60px_-40px_rgb(43_33_28/0.35)] sm:p-10 lg:col-start-1 lg:row-start-2"
        >
          <h3 id="appointment-services-title" className="font-display text-2xl font-normal">
            {HOME_TEXT.chooseServiceTitle}
          </h3>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {BOOKING_SERVICES.map((service) => (
              <li key={service.id}>
                <a
                  href={`/book/${service.id}`}
                  data-book-service={service.id}
                  className="group flex min-h-12 items-center justify-between gap-3 border border-border px-4 py-3 font-display text-lg transition-colors hover:border-accent hover:bg-accent-soft"
                >
                  {service.title}
                  <ArrowRight
                    aria-hidden
                    strokeWidth={1.5}
                    className="size-4 shrink-0 text-accent transition-transform group-hover:translate-x-1"
                  />
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div
          data-hours-card
          role="group"
          aria-labelledby="hours-title"
          className="band border border-band-border p-6 sm:p-10 lg:col-start-2 lg:row-start-2"
        >
          <p className="eyebrow flex items-center gap-2 text-band-accent">
            <Clock aria-hidden strokeWidth={1.5} className="size-4" />
            {HOME_TEXT.hoursEyebrow}
          </p>
          <h3 id="hours-title" className="mt-4 font-display text-2xl font-normal text-band-foreground">
            {HOME_TEXT.hoursTitle}
          </h3>
          <HoursList days={hours} tone="band" className="mt-6" />
          {hoursNote && <p className="mt-6 text-sm leading-relaxed text-band-muted">{hoursNote}</p>}
        </div>

        <div className="border-l-2 border-accent pl-5 lg:col-start-2 lg:row-start-1 lg:self-end">
          <h3 className="font-display text-xl font-normal">{HOME_TEXT.tourTitle}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{HOME_TEXT.tourText}</p>
          <a href={SUITE_TOUR_PATH} className={buttonVariants({ variant: "outline", className: "mt-5" })}>
            {HOME_TEXT.tourButton}
            <ArrowRight aria-hidden strokeWidth={1.5} className="size-4" />
          </a>
        </div>
      </div>
    </section>
  );
}
