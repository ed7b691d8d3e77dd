import type { VisitChoices } from "~/lib/booking/live-booking";
import { MAX_MORE_SERVICES } from "~/lib/booking/booking-request";
import { morePartsFromForm, visitPartValue } from "~/lib/booking/visit-form";
import type { ContentService } from "../../content/content.server";
import type { DbOrTx } from "../../db/database.server";
import { bookableServices } from "./catalog.server";
import { bookableResources, staffRoster } from "./resources.server";

/**
 * The booking page's "Add another service": the services the visitor added after the page's own
 * (from repeated `also=service:option`, unknown ones left out, at most three), each with who does
 * it and the person chosen for it (`with`, see morePartsFromForm; someone who does not do it is
 * anyone), and every option that may be added.
 */
export async function visitChoices(
  db: DbOrTx,
  content: ContentService,
  also: string[],
  people: string[] = [],
): Promise<VisitChoices> {
  const [services, roster] = await Promise.all([bookableServices(content), staffRoster(db)]);
  const name = (title: string, option: string) => (option === title ? title : `${title} — ${option}`);
  const label = (title: string, o: { name: string; durationMinutes: number; price: string }) =>
    `${name(title, o.name)} · ${o.durationMinutes} min${o.price ? ` · ${o.price}` : ""}`;
  const chosen = morePartsFromForm(also, people)
    .flatMap((part) => {
      const service = services.find((s) => s.id === part.service);
      const option = service?.options.find((o) => o.name === part.option);
      if (!service || !option) return [];
      const doers = bookableResources(roster, service.id).flatMap((r) =>
        r.staffId === null ? [] : [{ id: r.staffId, name: r.name }],
      );
      return [
        {
          service: service.id,
          option: option.name,
          value: visitPartValue({ service: service.id, option: option.name }),
          label: label(service.title, option),
          title: name(service.title, option.name),
          people: doers,
          staffId: doers.some((p) => p.id === part.staff) ? (part.staff ?? null) : null,
        },
      ];
    })
    .slice(0, MAX_MORE_SERVICES);
  return {
    chosen,
    offered: services.map((s) => ({
      service: s.title,
      options: s.options.map((o) => ({
        value: visitPartValue({ service: s.id, option: o.name }),
        label: label(s.title, o),
      })),
    })),
  };
}
