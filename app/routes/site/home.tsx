import { preload } from "react-dom";
import { useRouteLoaderData } from "react-router";
import { AboutBlock } from "~/components/home/about-block";
import { AppointmentSection } from "~/components/home/appointment-section";
import { HERO_IMAGE_SIZES, HeroCarousel } from "~/components/home/hero-carousel";
import { ProfessionalsStatement } from "~/components/home/professionals";
import { ServicesGrid } from "~/components/home/services-grid";
import { HOME_SERVICES } from "~/content/home";
import { weeklyHours } from "~/lib/hours";
import { isResizable, PRIORITY_IMAGE_FORMAT, srcSet, variantUrl } from "~/lib/images";
import { beautySalonJsonLd, jsonLdScript, generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/server/context";
import { homeHeroSlides } from "~/server/hero-slides/hero-slides.server";
import type { Route } from "./+types/home";

/** Home: hero carousel, services, appointment, then professionals and the suites (docs/product.md, Home). */
export async function loader({ context }: Route.LoaderArgs) {
  const { content, db } = context.get(servicesContext);
  const [home, contact, slides] = await Promise.all([
    content.getPage("home"),
    content.getPage("contact"),
    homeHeroSlides(content, db),
  ]);
  return { home, contact, slides };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return seoMeta({ ...site, title: site.businessName, description: "", path: "/" });
  const { home, contact, slides } = loaderData;
  const generated = { ...generatedSeo("home", home, contact), image: slides[0]?.imageUrl };
  return seoMeta({ ...site, ...pageSeo("home", home, generated), path: "/" });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { home, contact, slides } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lcp = slides[0]?.imageUrl;
  // The first slide's photograph is the LCP element: announced in the <head>, never lazy.
  if (lcp && isResizable(lcp)) {
    preload(variantUrl(lcp, 1280, PRIORITY_IMAGE_FORMAT), {
      as: "image",
      type: `image/${PRIORITY_IMAGE_FORMAT}`,
      imageSrcSet: srcSet(lcp, PRIORITY_IMAGE_FORMAT),
      imageSizes: HERO_IMAGE_SIZES,
      fetchPriority: "high",
    });
  }
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(beautySalonJsonLd(contact, root?.publicUrl ?? "", lcp)) }}
      />
      {/* The slides' titles change with the carousel; the page's one h1 names the business. */}
      <h1 className="sr-only">{contact.business_name}</h1>
      {slides.length > 0 && <HeroCarousel slides={slides} phone={contact.salon_phone} />}
      {/* Clients first (services, then booking); suite rental for professionals after. */}
      <ServicesGrid services={HOME_SERVICES} />
      <AppointmentSection hours={weeklyHours(contact)} hoursNote={contact.hours_note} />
      <ProfessionalsStatement content={home} />
      <AboutBlock content={home} />
    </>
  );
}
