import { GALLERY_NUMBERS } from "~/content/suites-gallery";
import { group, heroPanel } from "./helpers";
import type { EditorDef, FieldDef } from "./types";

const galleryImage = (n: number): FieldDef => ({
  key: `gallery_image${n}`,
  label: `Gallery Image ${n}`,
  kind: "image",
  altKey: `gallery_alt${n}`,
  altLabel: `Gallery Image ${n} alt text`,
});

export const suitesEditor: EditorDef = {
  page: "suites",
  title: "Edit Suites & Rentals",
  description: "The hero, the rental application, the features and the gallery of the suites page.",
  publicPath: "/suites",
  layout: "tabs",
  success: "Suites page updated successfully",
  panels: [
    heroPanel([
      { key: "hero_title", label: "Title", kind: "text", required: true },
      { key: "hero_subtitle", label: "Subtitle", kind: "textarea", rows: 2, max: 400 },
      { key: "hero_logo", label: "Logo", kind: "image", hint: "Optional: shown above the title." },
      { key: "hero_image", label: "Background Image", kind: "image" },
      { key: "phone_number", label: "Contact Phone", kind: "phone", required: true, half: true },
    ]),
    {
      id: "application",
      label: "Application",
      blocks: [
        group("Application", [
          { key: "app_title", label: "Title", kind: "text", required: true },
          { key: "app_description", label: "Description", kind: "textarea" },
          { key: "app_requirements", label: "Requirements", kind: "textarea" },
        ]),
      ],
    },
    {
      id: "features",
      label: "Features",
      blocks: [
        group(
          "Features",
          [
            { key: "features_title", label: "Title", kind: "text" },
            { key: "features_description", label: "Description", kind: "textarea" },
          ],
          "The individual amenities are managed separately.",
        ),
      ],
    },
    {
      id: "gallery",
      label: "Gallery",
      blocks: [
        group(
          "Gallery",
          GALLERY_NUMBERS.map(galleryImage),
          "The nine photos of the suites page, in order; each opens larger in the photo viewer.",
        ),
      ],
    },
  ],
};
