import { group } from "./helpers";
import type { EditorDef, EditorPanel, FieldDef, PanelBlock } from "./types";

/**
 * A tab of the About Us editor: one group named like the tab, opening with the section's label and
 * title fields (`{id}_label`, `{id}_title`), then the section's own fields; further blocks follow.
 */
const sectionTab = (
  id: string,
  label: string,
  fields: FieldDef[],
  { titleLabel = "Title", more = [] }: { titleLabel?: string; more?: PanelBlock[] } = {},
): EditorPanel => ({
  id,
  label,
  blocks: [
    group(label, [
      { key: `${id}_label`, label: "Label", kind: "text", max: 60, half: true },
      { key: `${id}_title`, label: titleLabel, kind: "text", required: true, half: true },
      ...fields,
    ]),
    ...more,
  ],
});

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
    sectionTab("welcome", "Welcome", [
      { key: "welcome_paragraph1", label: "Paragraph 1", kind: "textarea" },
      { key: "welcome_paragraph2", label: "Paragraph 2", kind: "textarea" },
      { key: "welcome_paragraph3", label: "Paragraph 3", kind: "textarea" },
      { key: "welcome_image", label: "Welcome Image", kind: "image" },
    ]),
    sectionTab(
      "ceo",
      "CEO",
      [
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
      ],
      { titleLabel: "Name" },
    ),
    sectionTab("journey", "Journey", [
      { key: "journey_description", label: "Description", kind: "textarea" },
      { key: "journey_quote", label: "Quote", kind: "textarea", rows: 2, max: 400 },
      { key: "journey_quote_attribution", label: "Quote Attribution", kind: "text" },
      { key: "journey_image", label: "Journey Image", kind: "image" },
    ]),
    sectionTab("gallery", "Gallery", [
      { key: "gallery_description", label: "Description", kind: "textarea", rows: 2 },
      galleryImage(1),
      galleryImage(2),
      galleryImage(3),
      galleryImage(4),
    ]),
    sectionTab("mission", "Mission", [{ key: "mission_text", label: "Text", kind: "textarea" }], {
      more: [
        group("Statistics", [...stat(1), ...stat(2), ...stat(3), ...stat(4)], "The four tiles under the mission."),
      ],
    }),
  ],
};
