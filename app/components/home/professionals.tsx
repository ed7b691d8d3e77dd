import { ArrowLink } from "~/components/site/arrow-link";
import { HOME_TEXT } from "~/content/home";
import type { HomeContent } from "~/content/home";
import { SectionHeading } from "~/components/site/section-heading";

/** 'For Beauty Professionals': the statement that opens the page's suite rental part, after the client sections. */
export function ProfessionalsStatement({ content }: { content: HomeContent }) {
  return (
    <section aria-labelledby="professionals-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-5 text-center sm:px-8">
        <SectionHeading
          align="center"
          id="professionals-title"
          eyebrow={HOME_TEXT.professionalsEyebrow}
          title={content["professionals.title"]}
          titleClassName="sm:text-5xl"
        />
        <p className="mt-8 font-display text-xl leading-relaxed text-pretty sm:text-2xl">
          {content["professionals.paragraph1"]}
        </p>
        <p className="mt-6 leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {content["professionals.paragraph2"]}
        </p>
        <ArrowLink href="/suites" className="mt-10">
          {HOME_TEXT.professionalsCta}
        </ArrowLink>
      </div>
    </section>
  );
}
