import { Phone } from "lucide-react";
import { CategoryCard } from "~/components/services/category-card";
import { TreatmentCard } from "~/components/services/treatment-card";
import { buttonVariants } from "~/components/ui/button";
import { FACIALS_PAGE } from "~/content/facials";
import { CATEGORY_ORDER, categoryPath, SERVICE_TAGLINES } from "~/content/service-pages";
import { SERVICES_TEXT as T } from "~/content/services";
import { TREATMENTS } from "~/content/treatments";
import { telHref } from "~/lib/phone";
import { generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import { treatmentsWithFacts } from "~/server/content/service-menus.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/services";
import { SectionHeading, SplitSectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";

/** /services: the six signature treatments, then every service category. */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const [page, contact, treatments, ...categoryPages] = await Promise.all([
    content.getPage("services"),
    content.getPage("contact"),
    treatmentsWithFacts(content, TREATMENTS),
    ...CATEGORY_ORDER.map((type) => content.getPage(`service-${type}`)),
  ]);
  const categories = CATEGORY_ORDER.map((type, i) => ({
    href: categoryPath(type),
    title: categoryPages[i].hero_title,
    tagline: SERVICE_TAGLINES[type],
    description: categoryPages[i].hero_description,
    image: categoryPages[i].hero_image,
  }));
  categories.push({
    href: "/services/facials",
    title: FACIALS_PAGE.title,
    tagline: FACIALS_PAGE.tagline,
    description: FACIALS_PAGE.description,
    image: FACIALS_PAGE.image,
  });
  return { page, phone: contact.salon_phone, categories, treatments };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    ...pageSeo("services", loaderData?.page ?? {}, generatedSeo("services", loaderData?.page ?? {})),
    path: "/services",
  });

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { page, phone, categories, treatments } = loaderData;
  return (
    <>
      <section className="border-b border-border bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_65%)]">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-20 text-center sm:py-28">
          <p className="eyebrow text-accent">{page.hero_subtitle}</p>
          <h1 className="mt-5 text-5xl leading-[1.05] font-normal sm:text-7xl">{page.hero_title}</h1>
          <span aria-hidden className="my-8 block h-px w-16 bg-accent/60" />
          <p className="max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">
            {page.hero_description}
          </p>
        </div>
      </section>

      <PageSection labelledBy="treatments-title" space="compact">
        <SectionHeading
          size="compact"
          id="treatments-title"
          eyebrow={T.treatmentsEyebrow}
          title={T.treatmentsTitle}
          className="max-w-2xl"
        />
        <ul className="mt-12 grid gap-8 md:grid-cols-2 xl:grid-cols-3">
          {treatments.map(({ treatment, facts }, i) => (
            <li key={treatment.id} className="flex">
              <TreatmentCard treatment={treatment} facts={facts} priority={i === 0} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="categories-title" band space="compact">
        <SplitSectionHeading
          size="compact"
          id="categories-title"
          eyebrow={T.categoriesEyebrow}
          title={T.categoriesTitle}
          description={T.categoriesDescription}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.href}>
              <CategoryCard {...category} cta={T.viewCategory} />
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="services-cta-title" className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-28">
        <h2 id="services-cta-title" className="text-3xl leading-tight font-normal sm:text-4xl">
          {page.cta_title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl leading-relaxed text-muted-foreground">{page.cta_text}</p>
        {phone && (
          <a href={telHref(phone)} className={buttonVariants({ size: "lg", className: "mt-9" })}>
            <Phone aria-hidden strokeWidth={1.5} className="size-4" />
            {T.callUs}
            <span className="sr-only">{phone}</span>
          </a>
        )}
      </section>
    </>
  );
}
