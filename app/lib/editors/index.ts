import { CATEGORY_SLUGS } from "~/content/service-pages";
import type { ServiceType } from "~/lib/content-rules";
import { aboutEditor } from "./about";
import { contactEditor } from "./contact";
import { homeEditor } from "./home";
import { serviceEditor } from "./service";
import { servicesEditor } from "./services";
import { withSeoPanel } from "./seo";
import { suitesEditor } from "./suites";
import type { EditorDef, FieldDef } from "./types";

export type {
  EditorData,
  EditorDef,
  EditorDraft,
  EditorIntent,
  EditorPanel,
  EditorReply,
  FieldDef,
  FieldKind,
  PanelBlock,
} from "./types";

/** /admin/edit/{page} */
export const PAGE_EDITORS: Record<string, EditorDef> = {
  home: withSeoPanel(homeEditor),
  about: withSeoPanel(aboutEditor),
  contact: withSeoPanel(contactEditor),
  services: withSeoPanel(servicesEditor),
  suites: withSeoPanel(suitesEditor),
};

/** /admin/edit/service/{name}: the slugs of the content list; facials-waxing edits service-waxing. */
export const SERVICE_EDITOR_SLUGS: Record<string, ServiceType> = CATEGORY_SLUGS;

export function pageEditor(slug: string): EditorDef | undefined {
  return Object.hasOwn(PAGE_EDITORS, slug) ? PAGE_EDITORS[slug] : undefined;
}

const serviceEditors = new Map<string, EditorDef>();

export function serviceEditorFor(slug: string): EditorDef | undefined {
  if (!Object.hasOwn(SERVICE_EDITOR_SLUGS, slug)) return undefined;
  let def = serviceEditors.get(slug);
  if (!def) serviceEditors.set(slug, (def = withSeoPanel(serviceEditor(SERVICE_EDITOR_SLUGS[slug]))));
  return def;
}

/** Every field of an editor, an image's alt text included as a text field of its own. */
export function editorFields(def: EditorDef): FieldDef[] {
  const out: FieldDef[] = [];
  for (const panel of def.panels) {
    for (const block of panel.blocks) {
      if (block.kind !== "fields") continue;
      for (const field of block.group.fields) {
        out.push(field);
        if (field.altKey)
          out.push({ key: field.altKey, label: field.altLabel ?? `${field.label} alt text`, kind: "text" });
      }
    }
  }
  return out;
}

/** The panel a key is edited in (to show the tab of the first field with an error). */
export function panelOf(def: EditorDef, key: string): string | undefined {
  return def.panels.find((p) =>
    p.blocks.some((b) => b.kind === "fields" && b.group.fields.some((f) => f.key === key || f.altKey === key)),
  )?.id;
}
