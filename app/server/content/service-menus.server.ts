import { SERVICE_TYPES, type ServiceType } from "~/content/page-ids";
import { SERVICES_TEXT } from "~/content/services";
import type { Treatment } from "~/content/treatments";
import { treatmentFacts, type MenuFacts } from "~/lib/booking/menu-prices";
import { readServiceOptions, type ServiceOption } from "~/lib/booking/service-options";
import type { ContentService } from "./content.server";

/** Every service's options as the owner set them, by service type. */
export async function serviceMenus(content: ContentService): Promise<(type: ServiceType) => ServiceOption[]> {
  const pages = await Promise.all(SERVICE_TYPES.map((type) => content.getPage(`service-${type}`)));
  const menus = new Map(SERVICE_TYPES.map((type, i) => [type, readServiceOptions(pages[i].service_options)]));
  return (type) => menus.get(type) ?? [];
}

/** The price and length each treatment shows, from the options it names. */
export async function treatmentsWithFacts(
  content: ContentService,
  treatments: readonly Treatment[],
): Promise<{ treatment: Treatment; facts: MenuFacts }[]> {
  const optionsOf = await serviceMenus(content);
  return treatments.map((treatment) => ({
    treatment,
    facts: treatmentFacts(treatment.menu, optionsOf, SERVICES_TEXT.priceFrom),
  }));
}
