import { Check, Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { SERVICES_TEXT as T } from "~/content/services";
import type { Treatment } from "~/content/treatments";
import type { MenuFacts } from "~/lib/booking/menu-prices";
import { telHref } from "~/lib/phone";
import { BackLink } from "./back-link";
import { PageHero, ServiceFacts } from "./page-hero";
import { SectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";

/** A signature treatment's page: hero, what's included, the ritual step by step, benefits, a call to book. */
export function TreatmentDetail({
  treatment,
  facts,
  phone,
}: {
  treatment: Treatment;
  facts: MenuFacts;
  phone: string;
}) {
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
          durationLabel={T.durationLabel}
          duration={facts.length}
          priceLabel={T.priceLabel}
          price={facts.price}
        />
        {call && <div className="mt-9 flex flex-col gap-3 sm:flex-row">{call}</div>}
      </PageHero>

      <PageSection labelledBy="process-title" space="compact">
        <SectionHeading size="compact" id="process-title" eyebrow={T.processEyebrow} title={T.processTitle} />
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
      </PageSection>

      <PageSection band space="compact" columnClassName="grid gap-14 lg:grid-cols-2 lg:gap-20">
        <div>
          <SectionHeading size="small" eyebrow={T.featuresEyebrow} title={T.featuresTitle} />
          <CheckList items={treatment.features} />
        </div>
        <div>
          <SectionHeading size="small" eyebrow={T.benefitsEyebrow} title={T.benefitsTitle} />
          <CheckList items={treatment.benefits} />
        </div>
      </PageSection>

      <section aria-labelledby="detail-cta-title" className="border-t border-border">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-16 text-center sm:py-24">
          {/* Contents: the eyebrow and the title stay items of the centring column. */}
          <SectionHeading
            size="compact"
            id="detail-cta-title"
            eyebrow={treatment.title}
            title={T.detailCtaTitle}
            className="contents"
          />
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
