import { seoKeys } from "~/content/seo";
import { group } from "./helpers";
import type { EditorDef, EditorPanel } from "./types";

/**
 * The "SEO and sharing" panel every editor ends with: the page's own search title, description
 * and social image (empty: made from the page's content), with previews of the search result and
 * the social card.
 */
export function seoPanel(def: Pick<EditorDef, "page">): EditorPanel {
  const keys = seoKeys(def.page);
  return {
    id: "seo",
    label: "SEO and sharing",
    blocks: [
      group(
        "SEO and sharing",
        [
          {
            key: keys.title,
            label: "Search title",
            kind: "text",
            max: 120,
            hint: "The link text in search results and the browser tab. Empty: made from the page.",
          },
          {
            key: keys.description,
            label: "Search description",
            kind: "textarea",
            rows: 3,
            max: 320,
            hint: "The text under the link in search results and on shared links. Empty: made from the page.",
          },
          {
            key: keys.image,
            label: "Social image",
            kind: "image",
            hint: "Shown when the page is shared. Empty: the page's main photo.",
          },
        ],
        "How the page looks in search results and when someone shares it.",
      ),
      { kind: "seo-preview" },
    ],
  };
}

/** An editor with the SEO panel after its own. */
export const withSeoPanel = (def: EditorDef): EditorDef => ({ ...def, panels: [...def.panels, seoPanel(def)] });
