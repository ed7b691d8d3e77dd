import type { PageId, ServiceType } from "./page-ids";
import { aboutDefaults, type AboutContent } from "./about";
import { contactDefaults, type ContactContent } from "./contact";
import { homeDefaults, type HomeContent } from "./home";
import { serviceDefaults, type ServicePageContent } from "./service-pages";
import { servicesDefaults, type ServicesContent } from "./services";
import { seoDefaults } from "./seo";
import { suitesDefaults, type SuitesContent } from "./suites";

export interface PageContentMap {
  home: HomeContent;
  about: AboutContent;
  contact: ContactContent;
  services: ServicesContent;
  suites: SuitesContent;
}

export type PageContent<P extends PageId> = P extends keyof PageContentMap ? PageContentMap[P] : ServicePageContent;

const withSeo = new Map<PageId, Record<string, string>>();

/**
 * The built-in defaults of a page: what it shows until an editor overrides a key, with its search
 * and sharing keys (empty: generated from the content).
 */
export function defaultsFor<P extends PageId>(page: P): PageContent<P> {
  let defaults = withSeo.get(page);
  if (!defaults)
    withSeo.set(page, (defaults = { ...(ownDefaultsFor(page) as Record<string, string>), ...seoDefaults(page) }));
  return defaults as PageContent<P>;
}

function ownDefaultsFor<P extends PageId>(page: P): PageContent<P> {
  switch (page) {
    case "home":
      return homeDefaults as PageContent<P>;
    case "about":
      return aboutDefaults as PageContent<P>;
    case "contact":
      return contactDefaults as PageContent<P>;
    case "services":
      return servicesDefaults as PageContent<P>;
    case "suites":
      return suitesDefaults as PageContent<P>;
    default:
      return serviceDefaults(page.slice("service-".length) as ServiceType) as PageContent<P>;
  }
}
