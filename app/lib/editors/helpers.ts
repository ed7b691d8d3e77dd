import type { EditorPanel, FieldDef, FieldGroup, PanelBlock } from "./types";

export const group = (title: string, fields: FieldDef[], description?: string): PanelBlock => ({
  kind: "fields",
  group: { title, description, fields } satisfies FieldGroup,
});

/** The "Hero" tab: one group of the fields of the page's hero. */
export const heroPanel = (fields: FieldDef[]): EditorPanel => ({
  id: "hero",
  label: "Hero",
  blocks: [group("Hero", fields)],
});

export const ZIP_PATTERN = { regex: /^\d{5}(-\d{4})?$/, message: "Enter a 5-digit zip code" };
