import { group } from "./helpers";
import type { EditorDef } from "./types";

export const homeEditor: EditorDef = {
  page: "home",
  title: "Edit Homepage",
  description: "The professionals statement and the suites block of the home page.",
  publicPath: "/",
  layout: "tabs",
  toastLoadError: true,
  success: {
    bySection: {
      professionals: "Professionals section updated successfully",
      about: "About section updated successfully",
    },
    fallback: "Professionals section updated successfully",
  },
  panels: [
    { id: "hero-slides", label: "Hero Slides", blocks: [{ kind: "hero-slides" }] },
    {
      id: "professionals",
      label: "Professionals",
      blocks: [
        group(
          "Professionals Section",
          [
            { key: "professionals.title", label: "Section Title", kind: "text", required: true },
            { key: "professionals.paragraph1", label: "First Paragraph", kind: "textarea" },
            { key: "professionals.paragraph2", label: "Second Paragraph", kind: "textarea" },
          ],
          "The 'For Beauty Professionals' statement under the hero.",
        ),
      ],
    },
    {
      id: "about",
      label: "About Section",
      blocks: [
        group(
          "About Section",
          [
            { key: "about.subtitle", label: "Subtitle", kind: "text", half: true },
            { key: "about.title", label: "Main Title", kind: "text", required: true, half: true },
            { key: "about.description", label: "Description", kind: "textarea" },
            { key: "about.image_url", label: "Image", kind: "image" },
            { key: "about.button_text", label: "Button Text", kind: "text", max: 40, required: true, half: true },
          ],
          "The suites and booth rentals block; its button leads to /suites.",
        ),
      ],
    },
    {
      id: "services",
      label: "Services",
      blocks: [
        {
          kind: "link",
          title: "Services",
          text: "The services grid follows the service pages. Edit each service from the pages list.",
          to: "/admin/pages",
          label: "Back to Pages",
        },
      ],
    },
  ],
};
