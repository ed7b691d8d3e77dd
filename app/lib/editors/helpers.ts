import type { FieldDef, FieldGroup, PanelBlock } from "./types";

export const group = (title: string, fields: FieldDef[], description?: string): PanelBlock => ({
  kind: "fields",
  group: { title, description, fields } satisfies FieldGroup,
});

export const ZIP_PATTERN = { regex: /^\d{5}(-\d{4})?$/, message: "Enter a 5-digit zip code" };
