import { sectionFor } from "~/lib/content-rules";
import type { EditorDef } from "./types";

export const SAVE_ERROR = { title: "Error", description: "Failed to save changes" } as const;
export const LOAD_ERROR = { title: "Error", description: "Failed to load page content" } as const;

/**
 * The success toasts of a save (docs/product.md, Pages and editors). The home page words them per section: one
 * for each section whose keys changed, else the one of the panel the save was made from.
 */
export function successMessages(def: EditorDef, changedKeys: string[], panel?: string): string[] {
  if (typeof def.success === "string") return [def.success];
  const { bySection, fallback } = def.success;
  const sections = [...new Set(changedKeys.map((key) => sectionFor(def.page, key)))];
  const messages = sections.map((s) => bySection[s]).filter((m): m is string => !!m);
  if (messages.length) return messages;
  return [(panel && bySection[panel]) || fallback];
}
