import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { HOME_TEXT, type HomeContent } from "~/content/home";
import { ABOUT_SECTION_ID } from "./hero-carousel";
import { SectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";

/** 'Private Suites and Booth Rentals': the about block; its LEARN MORE leads to the suite rental offer on /suites. */
export function AboutBlock({ content }: { content: HomeContent }) {
  return (
    <PageSection
      id={ABOUT_SECTION_ID}
      labelledBy="about-title"
      band
      columnClassName="grid items-center gap-12 lg:grid-cols-2 lg:gap-20"
    >
      <div className="relative mx-auto w-full max-w-[20rem] sm:max-w-sm lg:max-w-[28rem]">
        <div
          aria-hidden
          className="absolute inset-0 translate-x-3 translate-y-3 rounded-t-full border border-accent/40 sm:translate-x-5 sm:translate-y-5"
        />
        <div className="relative aspect-[4/5] overflow-hidden rounded-t-full bg-surface-muted">
          <ResponsiveImage
            src={content["about.image_url"]}
            alt={HOME_TEXT.aboutImageAlt}
            width={1200}
            height={1500}
            sizes="(min-width: 1024px) 448px, (min-width: 640px) 384px, 320px"
            maxWidth={1600}
            className="h-full w-full object-cover"
          />
        </div>
      </div>
      <div>
        <SectionHeading id="about-title" eyebrow={content["about.subtitle"]} title={content["about.title"]} />
        <p className="mt-6 leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {content["about.description"]}
        </p>
        <a href="/suites" className={buttonVariants({ size: "lg", className: "mt-10" })}>
          {content["about.button_text"]}
          {/* A generic label alone tells a screen reader or a search engine nothing out of context. */}
          <span className="sr-only"> about {content["about.title"]}</span>
        </a>
      </div>
    </PageSection>
  );
}
