import { BOOKING_SERVICES } from "~/content/bookings";
import { categoryPath, SERVICE_LABELS } from "~/content/service-pages";
import type { ServiceType } from "~/lib/content-rules";
import { OPTION_DEFAULTS } from "~/lib/booking/service-options";
import { group, heroPanel } from "./helpers";
import type { EditorDef } from "./types";

export const HERO_DESCRIPTION_MAX = 600;
export const SERVICE_OPTION_MAX = 100;
export const SERVICE_OPTIONS_LIMIT = 50;

/** The per-service editor of one service type (/admin/edit/service/{name}). */
export function serviceEditor(type: ServiceType): EditorDef {
  const label = SERVICE_LABELS[type];
  const booking = BOOKING_SERVICES.find((s) => s.type === type);
  const publicPath = categoryPath(type);
  const shownOn = [publicPath, ...(booking ? [`/book/${booking.id}`] : [])];
  return {
    page: `service-${type}`,
    title: `Edit ${label}`,
    description: `The hero, booking title and options of the ${label} page.`,
    publicPath,
    alsoShownOn: booking ? [`/book/${booking.id}`] : undefined,
    layout: "sections",
    success: `${label} page updated successfully`,
    panels: [
      heroPanel([
        { key: "hero_title", label: "Hero Title", kind: "text", required: true },
        {
          key: "hero_description",
          label: "Description",
          kind: "textarea",
          max: HERO_DESCRIPTION_MAX,
          counter: true,
        },
        { key: "hero_image", label: "Hero Image", kind: "image" },
        { key: "phone_number", label: "Phone Number", kind: "phone", required: true, half: true },
        { key: "text_button_label", label: "Text Button Label", kind: "text", max: 40, required: true, half: true },
      ]),
      {
        id: "booking",
        label: "Booking",
        blocks: [
          group("Booking", [
            { key: "booking_title", label: "Booking Title", kind: "text", required: true },
            {
              key: "service_options",
              label: "Service Options",
              kind: "options",
              max: SERVICE_OPTION_MAX,
              hint: `The choices of the booking form on ${shownOn.join(" and ")}.`,
              optionDefaults: OPTION_DEFAULTS,
            },
          ]),
        ],
      },
    ],
  };
}
