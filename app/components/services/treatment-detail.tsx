import { Check, Clock, Phone, Tag } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { SERVICES_TEXT as T } from "~/content/services";
import type { Treatment } from "~/content/treatments";
import { telHref } from "~/lib/phone";
import { BackLink } from "./back-link";
import { PageHero, ServiceFacts } from "./page-hero";

/** A signature treatment's page: hero, what's included, the ritual step by step, benefits, a call to book. */
export function TreatmentDetail({ treatment, phone }: { treatment: Treatment; phone: string }) {
  const call = phone ? (
    <a href={telHref(phone)} className={buttonVariants({ size: "lg" })}>
      <Phone aria-hidden strokeWidth={1.5} className="size-4" />
      {T.callToBook}
      <span className="sr-only">{phone}</span>
    </a>
  ) : null;
  return (
    <>
      <PageHero
        eyebrow={T.treatmentsEyebrow}
        title={treatment.title}
        subtitle={treatment.subtitle}
        description={treatment.description}
        image={treatment.image}
        imageAlt={treatment.imageAlt}
        before={<BackLink href="/services">{T.backToServices}</BackLink>}
      >
        <ServiceFacts
          className="mt-8"
          items={[
            {
              label: T.durationLabel,
              value: treatment.duration,
              icon: <Clock aria-hidden strokeWidth={1.5} className="size-4 text-accent" />,
            },
            {
              label: T.priceLabel,
              value: treatment.price,
              icon: <Tag aria-hidden strokeWidth={1.5} className="size-4 text-accent" />,
            },
          ]}
        />
        {call && <div className="mt-9 flex flex-col gap-3 sm:flex-row">{call}</div>}
      </PageHero>

      <section aria-labelledby="process-title" className="mx-auto max-w-7xl px-5 py-16 sm:px-8 sm:py-24">
        <p className="eyebrow text-accent">{T.processEyebrow}</p>
        <h2 id="process-title" className="mt-4 text-3xl leading-tight font-normal sm:text-4xl">
          {T.processTitle}
        </h2>
        <ol className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
          {treatment.process.map((step, i) => (
            <li key={step.title} className="border-t border-border pt-6">
              <span aria-hidden className="font-display text-4xl text-accent/80 italic">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-4 text-xl font-normal">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-surface-muted/60 py-16 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-14 px-5 sm:px-8 lg:grid-cols-2 lg:gap-20">
          <div>
            <p className="eyebrow text-accent">{T.featuresEyebrow}</p>
            <h2 className="mt-4 text-3xl leading-tight font-normal">{T.featuresTitle}</h2>
            <CheckList items={treatment.features} />
          </div>
          <div>
            <p className="eyebrow text-accent">{T.benefitsEyebrow}</p>
            <h2 className="mt-4 text-3xl leading-tight font-normal">{T.benefitsTitle}</h2>
            <CheckList items={treatment.benefits} />
          </div>
        </div>
      </section>

      <section aria-labelledby="detail-cta-title" className="border-t border-border">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-16 text-center sm:py-24">
          <p className="eyebrow text-accent">{treatment.title}</p>
          <h2 id="detail-cta-title" className="mt-4 text-3xl leading-tight font-normal sm:text-4xl">
            {T.detailCtaTitle}
          </h2>
          <p className="mt-4 max-w-xl leading-relaxed text-muted-foreground">{T.detailCtaText}</p>
          {phone && (
            <a href={telHref(phone)} className={buttonVariants({ size: "lg", className: "mt-9" })}>
              <Phone aria-hidden strokeWidth={1.5} className="size-4" />
              <span className="sr-only">{T.callToBook}</span>
              {phone}
            </a>
          )}
        </div>
      </section>
    </>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="mt-8 divide-y divide-border border-y border-border">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-4 py-4">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Check aria-hidden strokeWidth={1.5} className="size-4" />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
