import { group, heroPanel } from "./helpers";
import type { EditorDef } from "./types";

export const servicesEditor: EditorDef = {
  page: "services",
  title: "Edit Services Overview",
  description: "The hero and the call to action of the services page.",
  publicPath: "/services",
  layout: "sections",
  success: "Services page updated successfully",
  panels: [
    heroPanel([
      { key: "hero_title", label: "Hero Title", kind: "text", required: true, half: true },
      { key: "hero_subtitle", label: "Hero Subtitle", kind: "text", half: true },
      { key: "hero_description", label: "Hero Description", kind: "textarea" },
    ]),
    {
      id: "cta",
      label: "Call to Action",
      blocks: [
        group("Call to Action", [
          { key: "cta_title", label: "Call-to-Action Title", kind: "text" },
          { key: "cta_text", label: "Call-to-Action Text", kind: "textarea", rows: 2, max: 400 },
        ]),
      ],
    },
  ],
};
