import { BOOKING_SERVICES, type BookingService } from "~/content/bookings";
import { SUITE_TOUR } from "~/content/suite-tour";
import { notBookableOnline } from "~/lib/booking/messages";
import { OPTION_DEFAULTS, readServiceOptions, type ServiceOption } from "~/lib/booking/service-options";
import type { ContentService } from "../../content/content.server";

/** A service as booking sees it: its page's options, each with a length and a price. */
export interface BookableService {
  id: string;
  title: string;
  options: ServiceOption[];
}

/** The suite tour as booking sees it: one option, its fixed length, no price (not on the menu). */
const SUITE_TOUR_SERVICE: BookableService = {
  id: SUITE_TOUR.id,
  title: SUITE_TOUR.title,
  options: [{ name: SUITE_TOUR.title, durationMinutes: SUITE_TOUR.durationMinutes, price: "" }],
};

// The content service hands out the same page object until the page changes: what is read from
// it is kept per object, so each version of a page is parsed once.
const optionsByPage = new WeakMap<object, ServiceOption[]>();

async function toBookable(content: ContentService, service: BookingService): Promise<BookableService> {
  const page = await content.getPage(`service-${service.type}`);
  let options = optionsByPage.get(page);
  if (!options) {
    options = readServiceOptions(page.service_options);
    optionsByPage.set(page, options);
  }
  // A service whose options were all removed still books, as itself.
  return {
    id: service.id,
    title: service.title,
    options: options.length ? options : [{ name: service.title, ...OPTION_DEFAULTS }],
  };
}

export async function bookableServices(content: ContentService): Promise<BookableService[]> {
  return Promise.all(BOOKING_SERVICES.map((s) => toBookable(content, s)));
}

/** A bookable service by id: a menu service, or the suite tour (booked at /suites/tour). */
export async function findBookableService(content: ContentService, id: string): Promise<BookableService | undefined> {
  if (id === SUITE_TOUR.id) return SUITE_TOUR_SERVICE;
  const service = BOOKING_SERVICES.find((s) => s.id === id);
  return service && toBookable(content, service);
}

/** The salon's phone number, as the contact page gives it (visitors are asked to call it). */
export async function salonPhone(content: ContentService): Promise<string> {
  return (await content.getPage("contact")).salon_phone ?? "";
}

/** Why a service shows no times: nobody active does it (see notBookableOnline). */
export async function notBookableMessage(content: ContentService, service: Pick<BookableService, "title">) {
  return notBookableOnline(service.title, await salonPhone(content));
}
