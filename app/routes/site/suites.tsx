import { ArrowDown, Car, KeyRound, Shirt, Sofa, Sparkles, Wifi } from "lucide-react";
import { BookingSection } from "~/components/booking/booking-section";
import { ResponsiveImage } from "~/components/responsive-image";
import { CallTextButtons } from "~/components/services/contact-buttons";
import { ApplicationForm } from "~/components/suites/application-form";
import { SuiteCard } from "~/components/suites/suite-card";
import { SuitesGallery } from "~/components/suites/suites-gallery";
import { SUITE_TOUR_PATH } from "~/content/suite-tour";
import { buttonVariants } from "~/components/ui/button";
import { SUITES_TEXT as T } from "~/content/suites";
import { galleryImages } from "~/content/suites-gallery";
import { isSafeImageSource } from "~/lib/hero-slide-form";
import { generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { listSuiteOffers } from "~/server/suites/suite-types.server";
import { publicFormAction } from "./public-form.server";
import type { Route } from "./+types/suites";
import { SectionHeading, SplitSectionHeading } from "~/components/site/section-heading";
import { PageSection } from "~/components/site/page-section";

/** Where the hero's "Apply Now" leads: the application's section. */
const APPLICATION_ID = "application";
/** The form itself, where a suite card's "Check Availability" and the sent application land. */
const FORM_ANCHOR = "apply";
const AMENITY_ICONS = [KeyRound, Wifi, Shirt, Sofa, Car, Sparkles];

/**
 * /suites: the rental offer for beauty professionals and its application. `?type={slug}` chooses that
 * suite type in the form; `?sent=application` (where a sent application leads) shows what happens next.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const [page, suites] = await Promise.all([content.getPage("suites"), listSuiteOffers(db)]);
  return {
    page,
    suites,
    suiteType: suites.find((suite) => suite.slug === params.get("type"))?.name,
    sent: params.get("sent") === "application",
  };
}

export async function action(args: Route.ActionArgs) {
  return publicFormAction(args, "suite-application", { sentTo: `/suites?sent=application#${FORM_ANCHOR}` });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    ...pageSeo("suites", loaderData?.page ?? {}, generatedSeo("suites", loaderData?.page ?? {})),
    path: "/suites",
  });

export default function SuitesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, suites } = loaderData;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-band text-band-foreground">
        <ResponsiveImage
          src={page.hero_image}
          alt=""
          width={2400}
          height={1350}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
        <span
          aria-hidden
          className="absolute inset-0 -z-10 bg-black/65 lg:bg-transparent lg:bg-linear-to-r lg:from-black/80 lg:via-black/60 lg:to-black/20"
        />
        <div className="mx-auto flex min-h-[36rem] max-w-7xl flex-col justify-center px-5 py-20 sm:px-8 lg:min-h-[40rem]">
          <div className="max-w-2xl">
            {isSafeImageSource(page.hero_logo) && (
              <img src={page.hero_logo} alt="" width={160} height={64} className="mb-8 h-16 w-auto object-contain" />
            )}
            <p className="eyebrow text-band-accent">{T.heroEyebrow}</p>
            <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-normal text-balance text-white sm:text-6xl lg:text-7xl">
              {page.hero_title}
            </h1>
            <span aria-hidden className="my-7 block h-px w-16 bg-band-accent/70" />
            <p className="max-w-xl text-base leading-relaxed text-white/85 sm:text-lg">{page.hero_subtitle}</p>
            <CallTextButtons
              phone={page.phone_number}
              callLabel={T.callButton}
              textLabel={T.textButton}
              className="mt-10 [&>a:last-child]:border-white/40 [&>a:last-child]:text-white [&>a:last-child]:hover:border-white [&>a:last-child]:hover:bg-white/10"
            />
            <a href={SUITE_TOUR_PATH} className={buttonVariants({ className: "mt-8 mr-8" })}>
              {T.tourButton}
            </a>
            <a
              href={`#${APPLICATION_ID}`}
              className="group mt-8 inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] text-white uppercase"
            >
              <span className="border-b border-band-accent/70 pb-1 group-hover:border-band-accent">
                {T.applyButton}
              </span>
              <ArrowDown
                aria-hidden
                strokeWidth={1.5}
                className="size-4 text-band-accent transition-transform group-hover:translate-y-0.5"
              />
            </a>
          </div>
        </div>
      </section>

      <PageSection labelledBy="features-title" space="compact">
        <div className="grid gap-12 lg:grid-cols-[1fr_1.3fr] lg:gap-20">
          <SectionHeading
            size="compact"
            id="features-title"
            eyebrow={T.featuresEyebrow}
            title={page.features_title}
            titleClassName="text-balance"
          >
            <p className="mt-5 leading-relaxed text-muted-foreground">{page.features_description}</p>
          </SectionHeading>
          <ul className="grid gap-px self-start border border-border bg-border sm:grid-cols-2">
            {T.amenities.map((amenity, i) => {
              const Icon = AMENITY_ICONS[i % AMENITY_ICONS.length];
              return (
                <li key={amenity} className="flex items-center gap-4 bg-background p-5">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                    <Icon aria-hidden strokeWidth={1.5} className="size-[1.1rem]" />
                  </span>
                  <span className="text-sm">{amenity}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </PageSection>

      <PageSection labelledBy="suite-types-title" band space="compact">
        <SectionHeading
          size="compact"
          id="suite-types-title"
          eyebrow={T.suitesEyebrow}
          title={T.suitesTitle}
          className="max-w-2xl"
        >
          <p className="mt-4 leading-relaxed text-muted-foreground">{T.suitesDescription}</p>
        </SectionHeading>
        {suites.length > 0 ? (
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
            {suites.map((suite) => (
              <li key={suite.id}>
                <SuiteCard suite={suite} applicationHref={`/suites?type=${suite.slug}#${FORM_ANCHOR}`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-12 text-muted-foreground">{T.noSuiteTypes}</p>
        )}
      </PageSection>

      <PageSection labelledBy="gallery-title" space="compact">
        <SplitSectionHeading
          size="compact"
          id="gallery-title"
          eyebrow={T.galleryEyebrow}
          title={T.galleryTitle}
          description={T.galleryDescription}
        />
        <div className="mt-12">
          <SuitesGallery images={galleryImages(page)} viewerLabel={T.galleryViewer} openLabel={T.galleryOpen} />
        </div>
      </PageSection>

      <BookingSection
        id={APPLICATION_ID}
        eyebrow={T.applicationEyebrow}
        title={page.app_title}
        intro={page.app_description}
        aside={
          <>
            <div className="mt-10 border-l-2 border-accent pl-5">
              <h3 className="font-display text-lg">{T.requirementsTitle}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{page.app_requirements}</p>
            </div>
            {page.phone_number && (
              <CallTextButtons
                phone={page.phone_number}
                callLabel={T.callButton}
                textLabel={T.textButton}
                className="mt-10 lg:[&>a]:flex-1"
              />
            )}
          </>
        }
      >
        <div id={FORM_ANCHOR}>
          <ApplicationForm
            reply={actionData}
            sent={loaderData.sent}
            suiteType={loaderData.suiteType}
            suiteTypes={suites.map((suite) => suite.name)}
            phone={page.phone_number}
          />
        </div>
      </BookingSection>
    </>
  );
}
