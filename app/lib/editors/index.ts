import { CATEGORY_SLUGS } from "~/content/service-pages";
import type { ServiceType } from "~/lib/content-rules";
import { aboutEditor } from "./about";
import { contactEditor } from "./contact";
import { homeEditor } from "./home";
import { serviceEditor } from "./service";
import { servicesEditor } from "./services";
import { withSeoPanel } from "./seo";
import { suitesEditor } from "./suites";
import type { EditorDef } from "./types";

export type {
  EditorData,
  EditorDef,
  EditorDraft,
  EditorIntent,
  EditorPanel,
  EditorReply,
  FieldChange,
  FieldDef,
  FieldKind,
  PanelBlock,
  VersionSummary,
} from "./types";
export { editorFields, panelOf } from "./helpers";

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
