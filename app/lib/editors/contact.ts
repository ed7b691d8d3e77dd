import { group, heroPanel, ZIP_PATTERN } from "./helpers";
import type { EditorDef, FieldDef } from "./types";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const hours: FieldDef[] = DAYS.map((day) => ({
  key: `hours_${day}`,
  label: day[0].toUpperCase() + day.slice(1),
  kind: "text",
  max: 60,
  half: true,
  hint: day === "monday" ? 'For example "9:00 AM - 6:00 PM", or "Closed".' : undefined,
}));

export const contactEditor: EditorDef = {
  page: "contact",
  title: "Edit Contact Us",
  description:
    "Contact details, business hours and the map. Hours and details also show in the footer and on the home page.",
  publicPath: "/contact",
  layout: "sections",
  success: "Contact page updated successfully",
  panels: [
    heroPanel([
      { key: "hero_title", label: "Title", kind: "text", required: true },
      { key: "hero_subtitle", label: "Subtitle", kind: "textarea", rows: 2, max: 400 },
      { key: "hero_image", label: "Background Image", kind: "image" },
    ]),
    {
      id: "info",
      label: "Contact Information",
      blocks: [
        group("Contact Information", [
          { key: "business_name", label: "Business Name", kind: "text", required: true, max: 120 },
          { key: "address_line1", label: "Address", kind: "text", required: true, half: true },
          { key: "address_line2", label: "Address Line 2", kind: "text", half: true },
          { key: "city", label: "City", kind: "text", required: true, max: 100, half: true },
          { key: "state", label: "State", kind: "text", required: true, max: 50, half: true },
          { key: "zip", label: "Zip Code", kind: "text", required: true, max: 10, pattern: ZIP_PATTERN, half: true },
          { key: "email", label: "Email", kind: "email", required: true, half: true },
          { key: "salon_phone", label: "Salon Phone", kind: "phone", required: true, half: true },
          { key: "tel_phone", label: "Second Phone", kind: "phone", half: true },
        ]),
      ],
    },
    {
      id: "hours",
      label: "Business Hours",
      blocks: [
        group("Business Hours", [
          ...hours,
          { key: "hours_note", label: "Special Note", kind: "textarea", rows: 2, max: 300 },
        ]),
      ],
    },
    {
      id: "map",
      label: "Map",
      blocks: [
        group("Map", [
          {
            key: "map_embed_url",
            label: "Map Embed URL",
            kind: "map-url",
            hint: "In Google Maps choose Share → Embed a map and paste the https:// link of the iframe. Leave empty for no map.",
          },
          { key: "map_description", label: "Map Description", kind: "textarea", rows: 2, max: 400 },
        ]),
      ],
    },
  ],
};
