import { buttonVariants } from "~/components/ui/button";
import { HOME_TEXT, type HomeContent } from "~/content/home";
import { ABOUT_SECTION_ID } from "./hero-carousel";
import { SectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";
import { ArchedImage } from "~/components/site/arched-image";

/** 'Private Suites and Booth Rentals': the about block; its LEARN MORE leads to the suite rental offer on /suites. */
export function AboutBlock({ content }: { content: HomeContent }) {
  return (
    <PageSection
      id={ABOUT_SECTION_ID}
      labelledBy="about-title"
      band
      columnClassName="grid items-center gap-12 lg:grid-cols-2 lg:gap-20"
    >
      <ArchedImage
        className="max-w-[20rem] sm:max-w-sm lg:max-w-[28rem]"
        offsetClassName="sm:translate-x-5 sm:translate-y-5"
        src={content["about.image_url"]}
        alt={HOME_TEXT.aboutImageAlt}
        width={1200}
        height={1500}
        sizes="(min-width: 1024px) 448px, (min-width: 640px) 384px, 320px"
        maxWidth={1600}
      />
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
