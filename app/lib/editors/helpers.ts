import type { EditorDef, EditorPanel, FieldDef, FieldGroup, PanelBlock } from "./types";

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
