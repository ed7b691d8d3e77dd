import { Quote } from "lucide-react";
import { SectionHeading, SplitSectionHeading } from "~/components/site/section-heading";
import { ResponsiveImage } from "~/components/responsive-image";
import { ABOUT_TEXT, type AboutContent } from "~/content/about";
import { PageSection } from "~/components/site/page-section";
import { ArchedImage } from "~/components/site/arched-image";

/**
 * The sections of /about: welcome, CEO, journey with quote, four-image gallery, mission with four
 * statistics. Every word and image is a content key (docs/product.md, Editable content).
 */

export function WelcomeSection({ content }: { content: AboutContent }) {
  return (
    <section aria-labelledby="welcome-title" className="relative isolate overflow-hidden border-b border-border">
      <div aria-hidden className="absolute inset-y-0 right-0 -z-10 hidden w-[38%] bg-surface-muted lg:block" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 pt-12 pb-16 sm:px-8 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-20 lg:py-24">
        <div>
          <SectionHeading as="h1" id="welcome-title" eyebrow={content.welcome_label} title={content.welcome_title} />
          <div className="mt-8 flex max-w-xl flex-col gap-5 leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            <p className="font-display text-xl leading-relaxed text-foreground sm:text-2xl">
              {content.welcome_paragraph1}
            </p>
            {content.welcome_paragraph2 && <p>{content.welcome_paragraph2}</p>}
            {content.welcome_paragraph3 && <p>{content.welcome_paragraph3}</p>}
          </div>
        </div>
        <ArchedImage
          className="max-w-[20rem] sm:max-w-sm lg:max-w-md"
          src={content.welcome_image}
          alt={ABOUT_TEXT.welcomeImageAlt}
          width={960}
          height={1200}
          sizes="(min-width: 1024px) 448px, (min-width: 640px) 384px, 320px"
          maxWidth={1600}
          priority
        />
      </div>
    </section>
  );
}

export function CeoSection({ content }: { content: AboutContent }) {
  return (
    <PageSection labelledBy="ceo-title">
      <div className="grid items-center gap-14 lg:grid-cols-[1fr_1.15fr] lg:gap-20">
        <div className="relative mx-auto w-full max-w-md lg:mx-0">
          <div className="aspect-[4/5] overflow-hidden bg-surface-muted">
            <ResponsiveImage
              src={content.ceo_image}
              alt=""
              width={960}
              height={1200}
              sizes="(min-width: 1024px) 448px, 90vw"
              maxWidth={1600}
              className="h-full w-full object-cover"
            />
          </div>
          {content.ceo_badge_number && (
            <div className="absolute -right-2 -bottom-8 flex size-36 flex-col items-center justify-center rounded-full bg-accent p-4 text-center text-accent-foreground shadow-[0_20px_40px_-20px_rgb(0_0_0/0.45)] sm:-right-8 sm:size-40">
              <span className="font-display text-5xl leading-none">{content.ceo_badge_number}</span>
              {/* Sanitized by the content service on save and on read: the one content field rendered as HTML. */}
              <span
                className="mt-2 text-[0.7rem] leading-snug tracking-[0.12em] uppercase [&_strong]:font-semibold"
                dangerouslySetInnerHTML={{ __html: content.ceo_badge_label }}
              />
            </div>
          )}
        </div>
        <div className="pt-6 lg:pt-0">
          <SectionHeading id="ceo-title" eyebrow={content.ceo_label} title={content.ceo_title}>
            {content.ceo_subtitle && (
              <p className="mt-6 font-display text-xl text-muted-foreground italic">{content.ceo_subtitle}</p>
            )}
          </SectionHeading>
          <p className="mt-6 max-w-xl leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {content.ceo_bio}
          </p>
        </div>
      </div>
    </PageSection>
  );
}

export function JourneySection({ content }: { content: AboutContent }) {
  return (
    <PageSection
      labelledBy="journey-title"
      band
      columnClassName="grid items-center gap-14 lg:grid-cols-[1.15fr_1fr] lg:gap-20"
    >
      <div>
        <SectionHeading id="journey-title" eyebrow={content.journey_label} title={content.journey_title} />
        <p className="mt-6 max-w-xl leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {content.journey_description}
        </p>
        {content.journey_quote && (
          <figure className="mt-10 max-w-xl border-l-2 border-accent pl-6">
            <Quote aria-hidden strokeWidth={1.25} className="size-7 text-accent" />
            <blockquote className="mt-3 font-display text-2xl leading-snug text-pretty italic sm:text-[1.75rem]">
              <p>{content.journey_quote}</p>
            </blockquote>
            {content.journey_quote_attribution && (
              <figcaption className="eyebrow mt-5 text-muted-foreground">
                {content.journey_quote_attribution}
              </figcaption>
            )}
          </figure>
        )}
      </div>
      <div className="aspect-[4/5] overflow-hidden bg-surface-muted lg:aspect-[5/6]">
        <ResponsiveImage
          src={content.journey_image}
          alt={ABOUT_TEXT.journeyImageAlt}
          width={1200}
          height={1440}
          sizes="(min-width: 1280px) 560px, (min-width: 1024px) 44vw, 90vw"
          maxWidth={1600}
          className="h-full w-full object-cover"
        />
      </div>
    </PageSection>
  );
}

export function GallerySection({ content }: { content: AboutContent }) {
  const images = ([1, 2, 3, 4] as const)
    .map((n) => ({ src: content[`gallery_image${n}`], alt: content[`gallery_alt${n}`] }))
    .filter((image) => image.src);
  return (
    <PageSection labelledBy="gallery-title">
      <SplitSectionHeading
        id="gallery-title"
        eyebrow={content.gallery_label}
        title={content.gallery_title}
        description={content.gallery_description}
      />
      <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {images.map((image, i) => (
          <li key={i} className={i % 2 === 1 ? "lg:mt-12" : undefined}>
            <figure className="aspect-[3/4] overflow-hidden bg-surface-muted">
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={900}
                height={1200}
                sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw"
                maxWidth={960}
                className="h-full w-full object-cover transition-transform duration-700 ease-out hover:scale-[1.03] motion-reduce:transition-none"
              />
            </figure>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

export function MissionSection({ content }: { content: AboutContent }) {
  const stats = ([1, 2, 3, 4] as const)
    .map((n) => ({ number: content[`stat${n}_number`], label: content[`stat${n}_label`] }))
    .filter((s) => s.number || s.label);
  return (
    <PageSection labelledBy="mission-title" band className="border-t border-border dark:bg-background">
      <SectionHeading
        align="center"
        id="mission-title"
        eyebrow={content.mission_label}
        title={content.mission_title}
        className="max-w-3xl"
      >
        <p className="mt-8 font-display text-xl leading-relaxed text-pretty sm:text-2xl">{content.mission_text}</p>
      </SectionHeading>
      <h3 className="sr-only">{ABOUT_TEXT.statsLabel}</h3>
      <dl className="mt-16 grid grid-cols-2 gap-px border border-border bg-border lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse items-center gap-3 bg-band px-4 py-10 text-center sm:py-12"
          >
            <dt className="eyebrow max-w-[12rem] text-band-muted">{stat.label}</dt>
            <dd className="font-display text-5xl leading-none text-band-accent sm:text-6xl">{stat.number}</dd>
          </div>
        ))}
      </dl>
    </PageSection>
  );
}
