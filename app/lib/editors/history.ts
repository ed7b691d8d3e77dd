import { diffWordsWithSpace } from "diff";
import { editorFields } from "./helpers";
import type { EditorDef, FieldChange, FieldDef } from "./types";

/** A stretch of a text diff: kept, removed (old text only) or added (new text only). */
export interface DiffPart {
  text: string;
  kind: "same" | "removed" | "added";
}

/** Values this long, or of a paragraph field, are shown as a word diff rather than old → new. */
export const LONG_VALUE = 80;

/** The fields whose value differs between two sets of values, in the editor's order. */
export function changedFields(
  def: EditorDef,
  before: Record<string, string>,
  after: Record<string, string>,
): FieldChange[] {
  return editorFields(def)
    .filter((field) => (before[field.key] ?? "") !== (after[field.key] ?? ""))
    .map((field) => ({
      key: field.key,
      label: field.label,
      from: before[field.key] ?? "",
      to: after[field.key] ?? "",
    }));
}

/** Whether a change reads better as a word diff than as the two whole values. */
export function isLongChange(field: Pick<FieldDef, "kind"> | undefined, change: FieldChange): boolean {
  return (
    field?.kind === "textarea" || field?.kind === "html" || Math.max(change.from.length, change.to.length) > LONG_VALUE
  );
}

/** The words removed and added between two texts (whitespace kept with its words). */
export function textDiff(from: string, to: string): DiffPart[] {
  return diffWordsWithSpace(from, to).map((part) => ({
    text: part.value,
    kind: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}
