import { group } from "./helpers";
import type { EditorDef, FieldDef } from "./types";

const galleryImage = (n: 1 | 2 | 3 | 4): FieldDef => ({
  key: `gallery_image${n}`,
  label: `Gallery Image ${n}`,
  kind: "image",
  altKey: `gallery_alt${n}`,
  altLabel: `Gallery Image ${n} alt text`,
});

const stat = (n: 1 | 2 | 3 | 4): FieldDef[] => [
  { key: `stat${n}_number`, label: `Statistic ${n} Number`, kind: "text", max: 20, half: true },
  { key: `stat${n}_label`, label: `Statistic ${n} Label`, kind: "text", max: 80, half: true },
];

export const aboutEditor: EditorDef = {
  page: "about",
  title: "Edit About Us",
  description: "Welcome, founder, journey, gallery and mission of the About Us page.",
  publicPath: "/about",
  layout: "tabs",
  success: "About Us page updated successfully",
  panels: [
    {
      id: "welcome",
      label: "Welcome",
      blocks: [
        group("Welcome", [
          { key: "welcome_label", label: "Label", kind: "text", max: 60, half: true },
          { key: "welcome_title", label: "Title", kind: "text", required: true, half: true },
          { key: "welcome_paragraph1", label: "Paragraph 1", kind: "textarea" },
          { key: "welcome_paragraph2", label: "Paragraph 2", kind: "textarea" },
          { key: "welcome_paragraph3", label: "Paragraph 3", kind: "textarea" },
          { key: "welcome_image", label: "Welcome Image", kind: "image" },
        ]),
      ],
    },
    {
      id: "ceo",
      label: "CEO",
      blocks: [
        group("CEO", [
          { key: "ceo_label", label: "Label", kind: "text", max: 60, half: true },
          { key: "ceo_title", label: "Name", kind: "text", required: true, half: true },
          { key: "ceo_subtitle", label: "Role", kind: "text", half: true },
          { key: "ceo_bio", label: "Biography", kind: "textarea", rows: 5 },
          { key: "ceo_image", label: "Portrait", kind: "image" },
          { key: "ceo_badge_number", label: "Badge Number", kind: "text", max: 20, half: true },
          {
            key: "ceo_badge_label",
            label: "Badge Label",
            kind: "html",
            half: true,
            hint: "May use <strong>, <em> and <br> for bold, italic and line breaks; other HTML is removed.",
          },
        ]),
      ],
    },
    {
      id: "journey",
      label: "Journey",
      blocks: [
        group("Journey", [
          { key: "journey_label", label: "Label", kind: "text", max: 60, half: true },
          { key: "journey_title", label: "Title", kind: "text", required: true, half: true },
          { key: "journey_description", label: "Description", kind: "textarea" },
          { key: "journey_quote", label: "Quote", kind: "textarea", rows: 2, max: 400 },
          { key: "journey_quote_attribution", label: "Quote Attribution", kind: "text" },
          { key: "journey_image", label: "Journey Image", kind: "image" },
        ]),
      ],
    },
    {
      id: "gallery",
      label: "Gallery",
      blocks: [
        group("Gallery", [
          { key: "gallery_label", label: "Label", kind: "text", max: 60, half: true },
          { key: "gallery_title", label: "Title", kind: "text", required: true, half: true },
          { key: "gallery_description", label: "Description", kind: "textarea", rows: 2 },
          galleryImage(1),
          galleryImage(2),
          galleryImage(3),
          galleryImage(4),
        ]),
      ],
    },
    {
      id: "mission",
      label: "Mission",
      blocks: [
        group("Mission", [
          { key: "mission_label", label: "Label", kind: "text", max: 60, half: true },
          { key: "mission_title", label: "Title", kind: "text", required: true, half: true },
          { key: "mission_text", label: "Text", kind: "textarea" },
        ]),
        group("Statistics", [...stat(1), ...stat(2), ...stat(3), ...stat(4)], "The four tiles under the mission."),
      ],
    },
  ],
};
