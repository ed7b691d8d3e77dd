import { sectionFor } from "~/lib/content-rules";
import type { EditorDef } from "./types";

export const SAVE_ERROR = { title: "Error", description: "Failed to save changes" } as const;
export const LOAD_ERROR = { title: "Error", description: "Failed to load page content" } as const;
export const DRAFT_SAVED = "Draft saved. Visitors see the published page until you publish.";
export const DRAFT_DISCARDED = "Draft discarded. The editor shows the published page again.";
export const DRAFT_CHANGED = "The draft changed while it was being published. Check it and publish again.";
export const NO_DRAFT = "There is no draft: nothing to publish or discard.";
export const NO_VERSION = "That version no longer exists.";
export const VERSION_RESTORED = "That version is now the draft. Preview it, then publish.";

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
