import {
  CeoSection,
  GallerySection,
  JourneySection,
  MissionSection,
  WelcomeSection,
} from "~/components/about/about-sections";
import { generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/about";

/** /about: every text and image from the about content keys. */
export async function loader({ context }: Route.LoaderArgs) {
  return { about: await context.get(servicesContext).content.getPage("about") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    ...pageSeo("about", loaderData?.about ?? {}, generatedSeo("about", loaderData?.about ?? {})),
    path: "/about",
  });

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <>
      <WelcomeSection content={about} />
      <CeoSection content={about} />
      <JourneySection content={about} />
      <GallerySection content={about} />
      <MissionSection content={about} />
    </>
  );
}
