import type { VisitChoices } from "~/lib/booking/live-booking";
import { MAX_MORE_SERVICES, morePartsFromForm } from "~/lib/booking/booking-request";
import type { ContentService } from "../../content/content.server";
import { bookableServices } from "./catalog.server";

/**
 * The booking page's "Add another service": the services the visitor added after the page's own
 * (from repeated `also=service:option`, unknown ones left out, at most three) and every option
 * that may be added.
 */
export async function visitChoices(content: ContentService, also: string[]): Promise<VisitChoices> {
  const services = await bookableServices(content);
  const label = (title: string, o: { name: string; durationMinutes: number; price: string }) =>
    `${o.name === title ? title : `${title} — ${o.name}`} · ${o.durationMinutes} min${o.price ? ` · ${o.price}` : ""}`;
  const chosen = morePartsFromForm(also)
    .flatMap((part) => {
      const service = services.find((s) => s.id === part.service);
      const option = service?.options.find((o) => o.name === part.option);
      return service && option
        ? [
            {
              service: service.id,
              option: option.name,
              value: `${service.id}:${option.name}`,
              label: label(service.title, option),
            },
          ]
        : [];
    })
    .slice(0, MAX_MORE_SERVICES);
  return {
    chosen,
    offered: services.map((s) => ({
      service: s.title,
      options: s.options.map((o) => ({ value: `${s.id}:${o.name}`, label: label(s.title, o) })),
    })),
  };
}
