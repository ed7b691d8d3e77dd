import { ArrowUpRight } from "lucide-react";
import { ArrowLink } from "~/components/site/arrow-link";
import { ResponsiveImage } from "~/components/responsive-image";
import { HOME_TEXT, type HomeServiceCard } from "~/content/home";
import { SplitSectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";

/** The eight service categories of the home page: each card leads to /services/{id}. */
export function ServicesGrid({ services }: { services: HomeServiceCard[] }) {
  return (
    <PageSection labelledBy="services-title">
      <SplitSectionHeading
        id="services-title"
        eyebrow={HOME_TEXT.servicesEyebrow}
        title={HOME_TEXT.servicesTitle}
        description={HOME_TEXT.servicesDescription}
      />
      <ul className="mt-12 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-4 lg:gap-y-14">
        {services.map((service) => (
          <li key={service.id}>
            <a href={`/services/${service.id}`} className="group block focus-visible:outline-offset-4">
              <div className="relative aspect-[4/5] overflow-hidden bg-surface-muted">
                <ResponsiveImage
                  src={service.image}
                  alt=""
                  width={800}
                  height={1000}
                  sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 45vw, 44vw"
                  maxWidth={960}
                  className="h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04] motion-reduce:transition-none"
                />
                <span className="absolute right-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-background/90 text-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <ArrowUpRight aria-hidden strokeWidth={1.5} className="size-4" />
                </span>
              </div>
              <h3 className="mt-4 text-lg leading-snug sm:text-xl">
                <span className="bg-linear-to-r from-accent to-accent bg-[length:0%_1px] bg-left-bottom bg-no-repeat transition-[background-size] duration-300 group-hover:bg-[length:100%_1px]">
                  {service.title}
                </span>
              </h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{service.description}</p>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-14 flex justify-center">
        <ArrowLink href="/services">{HOME_TEXT.servicesAll}</ArrowLink>
      </div>
    </PageSection>
  );
}
