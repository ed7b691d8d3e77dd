import { ArrowRight } from "lucide-react";
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
        <a
          href="/suites"
          className="group mt-10 inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] uppercase"
        >
          <span className="border-b border-accent/60 pb-1 group-hover:border-accent">{HOME_TEXT.professionalsCta}</span>
          <ArrowRight
            aria-hidden
            strokeWidth={1.5}
            className="size-4 text-accent transition-transform group-hover:translate-x-0.5"
          />
        </a>
      </div>
    </section>
  );
}
